import type { TableType } from '../model'

/** A small drawing of a table type: the table top and where its seats go. */
export function TableTypeIcon({
  type,
  className = 'size-5',
}: {
  type: TableType
  className?: string
}) {
  const seat = (cx: number, cy: number) => (
    <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="1.6" fill="currentColor" />
  )
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={`shrink-0 text-brand-600 ${className}`}>
      {type === 'round' ? (
        <>
          <circle cx="10" cy="10" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
          {[0, 1, 2, 3, 4, 5].map((i) =>
            seat(10 + 7.5 * Math.cos((i * Math.PI) / 3), 10 + 7.5 * Math.sin((i * Math.PI) / 3)),
          )}
        </>
      ) : (
        <>
          <rect
            x={type === '4-sided' ? 5 : 3}
            y={type === '4-sided' ? 5 : 7.5}
            width={type === '4-sided' ? 10 : 14}
            height={type === '4-sided' ? 10 : 5}
            rx="1"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.4"
          />
          {type === '1-sided' && [5, 10, 15].map((x) => seat(x, 4))}
          {type === '2-sided' && [5, 10, 15].flatMap((x) => [seat(x, 4), seat(x, 16)])}
          {type === '4-sided' && [
            seat(8, 2.2),
            seat(12, 2.2),
            seat(8, 17.8),
            seat(12, 17.8),
            seat(2.2, 8),
            seat(2.2, 12),
            seat(17.8, 8),
            seat(17.8, 12),
          ]}
        </>
      )}
    </svg>
  )
}
