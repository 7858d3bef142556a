import { Fragment } from 'react'

/**
 * Text whose hyphenated words ("Aquino-Reyes", "Lopez-Dizon") are kept whole on a line: a browser
 * may break after a hyphen, which splits a double surname across two lines as if it were two
 * names. Everything else wraps as usual.
 */
export function WholeWords({ text }: { text: string }) {
  const parts = text.split(/(\S+-\S+)/)
  if (parts.length === 1) return text
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  )
}
