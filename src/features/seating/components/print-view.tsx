import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { fullName, personsById, seatsOfTable, unseatedGroups } from '../model'
import { useSeatingStore } from '../seating-store'

// Only this view prints while the seating chart is open; the rest of the page is hidden on paper.
const printCss = `
#seating-print { display: none; }
@media print {
  html, body { background: #fff !important; }
  body > *:not(#seating-print) { display: none !important; }
  #seating-print { display: block; color: #000; font: 11pt/1.35 system-ui, sans-serif; }
  @page { margin: 12mm; }
}
`

/** The printout for the venue: the chart as an image, then every table with its guests. */
export function PrintView({ title, image }: { title: string; image: string | null }) {
  const { t } = useTranslation('seating')
  const layout = useSeatingStore((state) => state.history.present)
  const households = useSeatingStore((state) => state.households)
  const persons = personsById(households)
  const waiting = unseatedGroups(households, layout).flatMap((group) => group.persons)

  return createPortal(
    <div id="seating-print">
      <style>{printCss}</style>
      <h1 style={{ fontSize: '18pt', margin: '0 0 4mm' }}>{t('print.title', { title })}</h1>
      {image && (
        <img
          src={image}
          alt={t('print.chartAlt')}
          style={{ maxWidth: '100%', maxHeight: '150mm', display: 'block', margin: '0 auto 6mm' }}
        />
      )}
      <div style={{ columns: 2, columnGap: '10mm' }}>
        {layout.tables.map((table) => {
          const seats = seatsOfTable(layout, table.id)
          return (
            <section key={table.id} style={{ breakInside: 'avoid', marginBottom: '5mm' }}>
              <h2 style={{ fontSize: '12pt', margin: '0 0 1mm', borderBottom: '1px solid #999' }}>
                {table.name} (
                {t('tables.seatedOf', {
                  seated: seats.filter((seat) => seat.personId && persons.has(seat.personId))
                    .length,
                  total: seats.length,
                })}
                )
              </h2>
              <ol style={{ margin: 0, paddingLeft: '6mm' }}>
                {seats.map((seat) => {
                  const person = seat.personId ? persons.get(seat.personId) : undefined
                  return <li key={seat.id}>{person ? fullName(person) : '—'}</li>
                })}
              </ol>
            </section>
          )
        })}
      </div>
      {waiting.length > 0 && (
        <section style={{ breakInside: 'avoid', marginTop: '4mm' }}>
          <h2 style={{ fontSize: '12pt', margin: '0 0 1mm' }}>
            {t('print.unseated', { count: waiting.length })}
          </h2>
          <p style={{ margin: 0 }}>{waiting.map(fullName).join(', ')}</p>
        </section>
      )}
    </div>,
    document.body,
  )
}
