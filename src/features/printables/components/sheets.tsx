import type { CSSProperties } from 'react'
import type { Language, TFunction } from '@/lib/i18n'
import { themeVariables, type SiteTheme } from '@/lib/theme'
import {
  ESCORT_CARDS_PER_PAGE,
  ESCORT_LINES_PER_COLUMN,
  pages,
  type EscortEntry,
  type InsertBlock,
  type InsertName,
  type PaperSize,
  type PrintKind,
  type TableCard,
} from '../model'
import { paper } from './sheet-style'

interface SheetsProps {
  kind: PrintKind
  size: PaperSize
  language: Language
  theme: SiteTheme
  couple: string
  /** The entourage insert's title: the wedding-party section's own, else the app's word. */
  insertTitle: string
  escorts: readonly EscortEntry[]
  tables: readonly TableCard[]
  insert: readonly InsertBlock[]
  t: TFunction
  party: TFunction
  /** Draw only the first sheets (the preview of a long printout); paper gets them all. */
  maxSheets?: number
}

/** The printed pages of one printable, each the size of the chosen paper. */
export function Sheets({
  kind,
  size,
  language,
  theme,
  couple,
  insertTitle,
  escorts,
  tables,
  insert,
  t,
  party,
  maxSheets = Infinity,
}: SheetsProps) {
  const style = {
    ...themeVariables(theme),
    '--pt-width': `${paper[size].width}mm`,
    // A hair under the page, so that rounding never spills a sheet onto a blank page.
    '--pt-height': `${(paper[size].height - 0.6).toFixed(1)}mm`,
  } as CSSProperties
  return (
    <div className="pt-sheets" lang={language} style={style}>
      {kind === 'escortCards' &&
        pages(escorts, ESCORT_CARDS_PER_PAGE)
          .slice(0, maxSheets)
          .map((page, index) => (
            <section
              key={index}
              className="pt-sheet"
              data-testid="print-sheet"
              aria-label={t('sheet.page', { number: index + 1 })}
            >
              <p className="pt-cut">{t('sheet.cutHere')}</p>
              <ul className="pt-cards" style={{ listStyle: 'none', padding: 0 }}>
                {page.map((entry) => (
                  <li key={entry.personId} className="pt-card">
                    <p className="pt-card-couple">{couple}</p>
                    <p className="pt-card-name">{entry.name}</p>
                    <hr className="pt-card-rule" />
                    <p className="pt-eyebrow">{t('sheet.yourTable')}</p>
                    <p className="pt-card-table">{entry.table}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))}

      {kind === 'escortList' &&
        pages(escorts, ESCORT_LINES_PER_COLUMN * 2)
          .slice(0, maxSheets)
          .map((page, index) => (
            <section
              key={index}
              className="pt-sheet"
              data-testid="print-sheet"
              aria-label={t('sheet.page', { number: index + 1 })}
            >
              <header className="pt-list-head">
                <p className="pt-couple">{couple}</p>
                <h2 className="pt-title">{t('sheet.findYourTable')}</h2>
              </header>
              <div className="pt-list">
                {[page.slice(0, ESCORT_LINES_PER_COLUMN), page.slice(ESCORT_LINES_PER_COLUMN)].map(
                  (column, columnIndex) => (
                    <ol key={columnIndex}>
                      {column.map((entry) => (
                        <li key={entry.personId} className="pt-line">
                          <span className="pt-line-name">{entry.sortedName}</span>
                          <span className="pt-line-table">{entry.table}</span>
                        </li>
                      ))}
                    </ol>
                  ),
                )}
              </div>
            </section>
          ))}

      {kind === 'tableCards' &&
        tables.slice(0, maxSheets).map((table) => (
          <section
            key={table.tableId}
            className="pt-sheet pt-table-card"
            data-testid="print-sheet"
            aria-label={table.name}
          >
            <div className="pt-frame" />
            <p className="pt-couple">{couple}</p>
            <h2 className="pt-table-name">{table.name}</h2>
            <hr className="pt-card-rule" />
            <ul className={`pt-table-guests${table.guests.length > 12 ? ' pt-many' : ''}`}>
              {table.guests.map((guest, index) => (
                <li key={`${guest}-${index}`}>{guest}</li>
              ))}
            </ul>
          </section>
        ))}

      {kind === 'entourage' && (
        <section
          className="pt-sheet pt-flow pt-insert"
          data-testid="print-sheet"
          aria-label={insertTitle}
        >
          <p className="pt-couple">{couple}</p>
          <h2 className="pt-title">{insertTitle}</h2>
          <p className="pt-ornament" aria-hidden="true">
            ❦
          </p>
          <div className="pt-insert-blocks">
            {insert.map((block, index) => (
              <InsertBlockView key={index} block={block} party={party} />
            ))}
          </div>
        </section>
      )}
    </div>
  )
}

function InsertBlockView({ block, party }: { block: InsertBlock; party: TFunction }) {
  if (block.kind === 'heading')
    return <h3 className="pt-heading">{party(`party.${block.label}`)}</h3>
  if (block.kind === 'sponsors') {
    return (
      <div className="pt-sponsors">
        {(block.leftLabel || block.rightLabel) && (
          <>
            <div className="pt-sponsors-label">{block.leftLabel}</div>
            <div className="pt-sponsors-label">{block.rightLabel}</div>
          </>
        )}
        {block.rows.flatMap(([left, right], index) => [
          <div key={`l${index}`}>{left && <NameView person={left} />}</div>,
          <div key={`r${index}`}>{right && <NameView person={right} />}</div>,
        ])}
      </div>
    )
  }
  return (
    <div className="pt-row">
      {block.groups.map((group) => (
        <div key={group.label} className="pt-group">
          <h3>{party(`party.${group.label}`)}</h3>
          <ul className="pt-names">
            {group.names.map((person, index) => (
              <li key={`${person.name}-${index}`}>
                <NameView person={person} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}

function NameView({ person }: { person: InsertName }) {
  return (
    <>
      {person.name}
      {person.role && <span className="pt-role"> · {person.role}</span>}
    </>
  )
}
