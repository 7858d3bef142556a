import type { PaperSize } from '../model'

/** Each paper's size, in millimetres. */
export const paper: Readonly<Record<PaperSize, { width: number; height: number; css: string }>> = {
  A4: { width: 210, height: 297, css: 'A4' },
  letter: { width: 215.9, height: 279.4, css: 'letter' },
}

/**
 * The sheets' own look, on screen (the preview) and on paper alike: a page of the chosen paper each,
 * in the site's fonts and colours. Plain CSS rather than utility classes: the app's shared
 * stylesheet carries none of this.
 */
export const sheetCss = `
.pt-sheets { --pt-accent: var(--site-color-link-and-button-text); --pt-soft: var(--site-color-secondary-text);
  color: var(--site-color-text); font-family: var(--site-font-body); }
.pt-sheet { box-sizing: border-box; width: var(--pt-width); height: var(--pt-height); padding: 10mm; overflow: hidden;
  background: #fff; position: relative; line-height: 1.3; font-size: 10.5pt; }
.pt-sheet * { box-sizing: border-box; }
.pt-flow { height: auto; min-height: var(--pt-height); -webkit-box-decoration-break: clone; box-decoration-break: clone; }
.pt-couple { font-family: var(--site-font-names); color: var(--pt-accent); text-align: center; margin: 0; }
.pt-title { font-family: var(--site-font-headings); text-align: center; margin: 0; font-weight: 400; }
.pt-eyebrow { font-family: var(--site-font-subtitles); color: var(--pt-soft); text-transform: uppercase; letter-spacing: 0.14em; font-size: 7.5pt; margin: 0; }

.pt-cards { display: grid; grid-template-columns: repeat(2, 90mm); grid-auto-rows: 50mm; justify-content: center;
  margin-top: 3mm; border-top: 0.3mm dashed #b5b5b5; border-left: 0.3mm dashed #b5b5b5; width: max-content; margin-inline: auto; }
.pt-card { border-right: 0.3mm dashed #b5b5b5; border-bottom: 0.3mm dashed #b5b5b5; display: flex; flex-direction: column;
  align-items: center; justify-content: center; text-align: center; padding: 4mm 6mm; position: relative; }
.pt-card::before, .pt-card::after { content: ''; position: absolute; width: 4mm; height: 4mm; border-color: #555; border-style: solid; }
.pt-card::before { top: -0.3mm; left: -0.3mm; border-width: 0.3mm 0 0 0.3mm; }
.pt-card::after { bottom: -0.3mm; right: -0.3mm; border-width: 0 0.3mm 0.3mm 0; }
.pt-card-couple { font-family: var(--site-font-names); color: var(--pt-accent); font-size: 11pt; margin: 0 0 2mm; }
.pt-card-name { font-family: var(--site-font-headings); font-size: 15pt; margin: 0; overflow-wrap: anywhere; }
.pt-card-rule { width: 14mm; border: 0; border-top: 0.3mm solid var(--pt-accent); margin: 3mm auto 2mm; }
.pt-card-table { font-family: var(--site-font-headings); font-size: 13pt; color: var(--pt-accent); margin: 0.5mm 0 0; overflow-wrap: anywhere; }
.pt-cut { text-align: center; font-size: 7.5pt; line-height: 1; color: #595959; margin: 0; }

.pt-list-head { text-align: center; margin-bottom: 5mm; }
.pt-list-head .pt-couple { font-size: 20pt; }
.pt-list-head .pt-title { font-size: 14pt; margin-top: 1mm; }
.pt-list { display: grid; grid-template-columns: 1fr 1fr; column-gap: 10mm; }
.pt-list ol { list-style: none; margin: 0; padding: 0; }
.pt-line { display: flex; align-items: baseline; gap: 2mm; height: 6.3mm; font-size: 10pt; border-bottom: 0.2mm dotted #c8c8c8; }
.pt-line-name { flex: 1; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.pt-line-table { font-weight: 700; color: var(--pt-accent); white-space: nowrap; }

.pt-table-card { display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; padding: 20mm; }
.pt-frame { position: absolute; inset: 8mm; border: 0.6mm solid var(--pt-accent); outline: 0.3mm solid var(--pt-accent); outline-offset: -2.5mm; pointer-events: none; }
.pt-table-card .pt-couple { font-size: 24pt; }
.pt-table-name { font-family: var(--site-font-headings); font-size: 60pt; line-height: 1.1; margin: 8mm 0 2mm; overflow-wrap: anywhere; font-weight: 400; }
.pt-table-guests { list-style: none; margin: 10mm 0 0; padding: 0; font-size: 16pt; line-height: 1.8; column-count: 1; }
.pt-table-guests.pt-many { column-count: 2; column-gap: 14mm; font-size: 13pt; }

.pt-insert { text-align: center; padding: 14mm 16mm; }
.pt-insert .pt-couple { font-size: 26pt; }
.pt-insert .pt-title { font-size: 15pt; margin-top: 1mm; color: var(--pt-soft); }
.pt-insert-blocks { margin-top: 6mm; }
.pt-heading { font-family: var(--site-font-subheading); color: var(--pt-accent); font-size: 14pt; margin: 5mm 0 2mm; font-weight: 400; }
.pt-row { display: flex; justify-content: center; gap: 10mm; margin-top: 4mm; break-inside: avoid; }
.pt-group { flex: 1 1 0; max-width: 80mm; }
.pt-group h3, .pt-sponsors-label { font-family: var(--site-font-subtitles); color: var(--pt-soft); text-transform: uppercase; letter-spacing: 0.12em;
  font-size: 7.5pt; margin: 0 0 1mm; font-weight: 400; }
.pt-names { list-style: none; margin: 0; padding: 0; font-size: 11.5pt; line-height: 1.5; }
.pt-role { color: var(--pt-soft); font-size: 8.5pt; }
.pt-sponsors { display: grid; grid-template-columns: 1fr 1fr; column-gap: 10mm; max-width: 150mm; margin: 0 auto; font-size: 11.5pt; line-height: 1.5; }
.pt-sponsors > div:nth-child(odd) { text-align: right; }
.pt-sponsors > div:nth-child(even) { text-align: left; }
.pt-ornament { color: var(--pt-accent); margin: 3mm 0 0; font-size: 11pt; letter-spacing: 0.5em; }
`
