// A QR code of an address for printed invitations (the site's, or a household's own link): an SVG,
// or a PNG drawn from the same matrix. A four-module quiet zone, as the QR standard asks, so phones
// read it off paper.

import { encode, renderSVG } from 'uqr'

const QUIET_ZONE = 4

export function qrSvg(text: string): string {
  return renderSVG(text, { ecc: 'M', border: QUIET_ZONE, pixelSize: 10 })
}

/** The QR code's modules, quiet zone included: `true` is dark. */
export function qrMatrix(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: QUIET_ZONE }).data
}

/** The file names of the downloads: "qr-maria-and-juan.png". */
export function qrFileName(slug: string, extension: 'png' | 'svg') {
  return `qr-${slug}.${extension}`
}
