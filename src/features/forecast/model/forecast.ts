/** The forecast's assumptions (get_pax_forecast's settings). */
export interface ForecastSettings {
  expectedPct: number
  noShowPct: number
  walkIns: number
}

/** What the caterer's sheet reads of get_pax_forecast's answer (the API's PaxForecast fits it). */
export interface PaxForecast {
  confirmed: { adults: number; children: number }
  declined: number
  pending: number
  expectedFromPending: number
  noShows: number
  walkIns: number
  questions: ReadonlyArray<{
    question: string
    kind: 'text' | 'choice'
    counts: ReadonlyArray<{ answer: string; count: number }>
    answers: ReadonlyArray<{ firstName: string; lastName: string; answer: string }>
    unanswered: number
  }>
}

/** The bounds the database keeps each assumption within (save_pax_forecast_settings). */
export const settingBounds = {
  expectedPct: { min: 0, max: 100 },
  noShowPct: { min: 0, max: 50 },
  walkIns: { min: 0, max: 1000 },
} as const satisfies Record<keyof ForecastSettings, { min: number; max: number }>

export type SettingKey = keyof ForecastSettings
export type SettingTexts = Record<SettingKey, string>

/** What each field shows for saved settings. */
export function settingTexts(settings: ForecastSettings): SettingTexts {
  return {
    expectedPct: String(settings.expectedPct),
    noShowPct: String(settings.noShowPct),
    walkIns: String(settings.walkIns),
  }
}

/** The typed values differ from `saved` (a field that does not read as a number counts as changed). */
export function settingsDirty(texts: SettingTexts, saved: ForecastSettings): boolean {
  const read = readSettings(texts)
  return (
    !('settings' in read) ||
    (Object.keys(settingBounds) as SettingKey[]).some((key) => read.settings[key] !== saved[key])
  )
}

/**
 * What the form shows when the saved settings change under it (another member saved, seen on a
 * refresh): the new ones if nothing was typed since `previous` was shown, else what was typed.
 */
export function settingsOnRefresh(
  texts: SettingTexts,
  previous: ForecastSettings,
  incoming: ForecastSettings,
): SettingTexts {
  return settingsDirty(texts, previous) ? texts : settingTexts(incoming)
}

/**
 * Reads what the couple typed: a whole number within the field's bounds, or the key of the field
 * that is not (the typed text stays in the field).
 */
export function readSettings(
  texts: SettingTexts,
): { settings: ForecastSettings } | { invalid: SettingKey[] } {
  const invalid: SettingKey[] = []
  const settings = {} as ForecastSettings
  for (const key of Object.keys(settingBounds) as SettingKey[]) {
    const text = texts[key].trim()
    const value = Number(text)
    const { min, max } = settingBounds[key]
    if (!/^\d+$/.test(text) || value < min || value > max) invalid.push(key)
    else settings[key] = value
  }
  return invalid.length ? { invalid } : { settings }
}

export interface SheetLabels {
  wedding: string
  date: string
  range: string
  assumptions: string
  confirmedAdults: string
  confirmedChildren: string
  declined: string
  pending: string
  expectedFromPending: string
  noShows: string
  walkIns: string
  question: string
  answer: string
  count: string
  guest: string
  unanswered: string
}

/**
 * The caterer's CSV: the figures as label/value rows, then each question's split (a choice: one row
 * per answer with its count; a text question: one row per guest with their answer).
 */
export function forecastCsvRows(
  forecast: PaxForecast,
  heading: { couple: string; date: string; range: string; assumptions: string },
  labels: SheetLabels,
): (string | number)[][] {
  const rows: (string | number)[][] = [
    [labels.wedding, heading.couple],
    [labels.date, heading.date],
    [labels.range, heading.range],
    [labels.assumptions, heading.assumptions],
    [labels.confirmedAdults, forecast.confirmed.adults],
    [labels.confirmedChildren, forecast.confirmed.children],
    [labels.declined, forecast.declined],
    [labels.pending, forecast.pending],
    [labels.expectedFromPending, forecast.expectedFromPending],
    [labels.noShows, forecast.noShows],
    [labels.walkIns, forecast.walkIns],
  ]
  for (const question of forecast.questions) {
    rows.push([], [labels.question, question.question])
    if (question.kind === 'choice') {
      rows.push([labels.answer, labels.count])
      for (const { answer, count } of question.counts) rows.push([answer, count])
    } else {
      rows.push([labels.guest, labels.answer])
      for (const { firstName, lastName, answer } of question.answers)
        rows.push([`${firstName} ${lastName}`.trim(), answer])
    }
    rows.push([labels.unanswered, question.unanswered])
  }
  return rows
}
