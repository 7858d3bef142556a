/** Kasalan's colours (src/styles.css), for the canvas, which cannot read CSS variables. */
export const chartColours = {
  paper: '#ffffff',
  gridMinor: '#f3eeea',
  gridMajor: '#e6dfda',
  table: '#fbf5f2',
  tableStroke: '#b9aaa2',
  selected: '#8c4a3b',
  seat: '#ffffff',
  seatStroke: '#a0938c',
  seated: '#8c4a3b',
  seatedText: '#ffffff',
  picked: '#d97706',
  target: '#0f766e',
  ink: '#23201e',
  muted: '#6b625d',
} as const
