import type { StoredImage } from '@/lib/site-content/images'
import { maxStoredBytes } from './types'

/** The largest photo a couple may pick (before the browser shrinks it). */
export const maxPickedBytes = 25 * 1024 * 1024

/** Longest side of the stored photo and of its smaller variant for phones. */
export const imageSizes = [1600, 800] as const

export type ImageProblem = 'not_an_image' | 'too_large' | 'unreadable'

export class ImageUploadError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem)
    this.name = 'ImageUploadError'
  }
}

/** The size of a photo scaled so its longest side is at most `longest` (never enlarged). */
export function fitWithin(width: number, height: number, longest: number) {
  const scale = Math.min(1, longest / Math.max(width, height))
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/** The longest sides to store for a photo of this size: the big one, and the phone one when smaller. */
export function sizesFor(width: number, height: number): number[] {
  const longest = Math.max(width, height)
  return imageSizes.filter((size, index) => index === 0 || size < Math.min(longest, imageSizes[0]))
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number) {
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality))
}

/**
 * Draws the photo afresh on a canvas and encodes it as WebP (JPEG where WebP is not available).
 * Only pixels cross over: EXIF, including GPS, never reaches the stored file.
 */
async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) throw new ImageUploadError('unreadable')
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, 0, 0, width, height)
  for (const quality of [0.82, 0.65, 0.5]) {
    const webp = await toBlob(canvas, 'image/webp', quality)
    const blob = webp?.type === 'image/webp' ? webp : await toBlob(canvas, 'image/jpeg', quality)
    if (blob && blob.size <= maxStoredBytes) return blob
  }
  throw new ImageUploadError('too_large')
}

export interface PreparedImage {
  width: number
  height: number
  blob: Blob
}

/** Checks a picked file and gives the resized, re-encoded photos to store, largest first. */
export async function prepareImage(file: File): Promise<PreparedImage[]> {
  if (!file.type.startsWith('image/')) throw new ImageUploadError('not_an_image')
  if (file.size > maxPickedBytes) throw new ImageUploadError('too_large')
  let bitmap: ImageBitmap
  try {
    // Browsers apply the photo's EXIF orientation here, so a phone's portrait stays upright.
    bitmap = await createImageBitmap(file)
  } catch {
    throw new ImageUploadError('unreadable')
  }
  try {
    const prepared: PreparedImage[] = []
    for (const longest of sizesFor(bitmap.width, bitmap.height)) {
      const size = fitWithin(bitmap.width, bitmap.height, longest)
      prepared.push({ ...size, blob: await encode(bitmap, size.width, size.height) })
    }
    return prepared
  } finally {
    bitmap.close()
  }
}

const extensions: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
}

/**
 * Resizes a picked photo in the browser, stores its sizes through `upload`, and returns the
 * reference the section's content keeps (`media:` sources with their sizes).
 */
export async function uploadImage(
  file: File,
  alt: string,
  upload: (name: string, blob: Blob) => Promise<string>,
): Promise<StoredImage> {
  const prepared = await prepareImage(file)
  const id = crypto.randomUUID()
  const stored = await Promise.all(
    prepared.map(async (image) => ({
      src: `media:${await upload(`${id}-${image.width}.${extensions[image.blob.type] ?? 'webp'}`, image.blob)}`,
      width: image.width,
      height: image.height,
    })),
  )
  const [largest, ...variants] = stored as [StoredImage, ...StoredImage[]]
  return {
    ...largest,
    ...(alt.trim() ? { alt: alt.trim() } : {}),
    ...(variants.length ? { variants } : {}),
  }
}
