import type QrScanner from 'qr-scanner'

// qr-scanner (the phone's own BarcodeDetector where it has one, else its worker) is its own chunk,
// fetched when the scanner opens, or earlier while the phone is idle and online (prefetchScanner):
// the door's search never waits for it, and a phone that loses the signal before its first scan
// can still read a code. A failed fetch is forgotten, so the next try fetches again.
let scannerModule: Promise<{ default: typeof QrScanner }> | undefined
let scannerEngine: ReturnType<typeof QrScanner.createQrEngine> | undefined
export function loadScanner() {
  scannerModule ??= import('qr-scanner').catch((error: unknown) => {
    scannerModule = undefined
    throw error
  })
  return scannerModule
}
export function loadEngine() {
  scannerEngine ??= loadScanner()
    .then(({ default: Scanner }) => Scanner.createQrEngine())
    .catch((error: unknown) => {
      scannerEngine = undefined
      throw error
    })
  return scannerEngine
}

/** Fetches the scanner and its reader ahead of need; nothing happens if it fails. */
export function prefetchScanner() {
  loadEngine().catch(() => undefined)
}

/**
 * The long sides, in pixels, a photo is read at, in turn, until one gives a code. A phone's photo
 * is 12 MP (4032 × 3024): read at that size the reader fails on most of them (its thresholding
 * works on small blocks, so a printed code photographed close up has modules many blocks wide) and
 * takes seconds; scaled down it reads them in a fraction of a second. The first size suits a card
 * filling much of the photo, the larger one a code photographed from further away, the smallest
 * a blurry one. A photo smaller than a size is read at its own size instead.
 */
export const PHOTO_SIZES = [1200, 2000, 800] as const

/** The photo drawn with its long side `size` pixels (never enlarged), smoothed as it shrinks. */
function scaled(image: ImageBitmap, size: number): HTMLCanvasElement {
  const ratio = Math.min(1, size / Math.max(image.width, image.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(image.width * ratio))
  canvas.height = Math.max(1, Math.round(image.height * ratio))
  const context = canvas.getContext('2d', { alpha: false })!
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, 0, 0, canvas.width, canvas.height)
  return canvas
}

/**
 * Reads the QR code in a photo (a file the phone's camera gave, any size): scaled to each of
 * PHOTO_SIZES in turn (a size reached twice is read once), the first code found wins. Rejects
 * when none of them gives one.
 */
export async function readQrPhoto(file: Blob): Promise<string> {
  const [{ default: Scanner }, engine, image] = await Promise.all([
    loadScanner(),
    loadEngine(),
    createImageBitmap(file, { imageOrientation: 'from-image' }),
  ])
  try {
    const tried = new Set<number>()
    for (const size of PHOTO_SIZES) {
      const canvas = scaled(image, size)
      if (tried.has(canvas.width)) continue
      tried.add(canvas.width)
      try {
        return (
          await Scanner.scanImage(canvas, { returnDetailedScanResult: true, qrEngine: engine })
        ).data
      } catch {
        // No code at this size: the next one.
      }
    }
    throw new Error('no QR code found')
  } finally {
    image.close()
  }
}
