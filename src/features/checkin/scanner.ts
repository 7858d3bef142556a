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
