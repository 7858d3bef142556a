import { AlertTriangle, Check } from 'lucide-react'
import { useEffect, useId, useState, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import {
  colorRoles,
  contrastRatio,
  fontFamilies,
  fontRoles,
  loadFonts,
  passesAA,
  resolveTheme,
  themeNames,
  themes,
  themeVariables,
  type ColorRole,
  type FontFamily,
  type SiteTheme,
} from '@/lib/theme'
import { useWebsiteStore } from '../website-store'
import { resetThemeChoices, setColor, setFont, setThemeName, themeForSave } from '../model/draft'

/** The pairs of colours a guest reads: text on its background. */
const readablePairs: ReadonlyArray<[foreground: ColorRole, background: ColorRole]> = [
  ['text', 'background'],
  ['secondaryText', 'secondaryBackground'],
  ['linkAndButtonText', 'background'],
]

/** Theme & Style: the three themes, each previewed; a font per role; colours, with a contrast check. */
export function ThemePanel() {
  const { t } = useTranslation('website')
  const draftTheme = useWebsiteStore((state) => state.history.present.theme)
  const change = useWebsiteStore((state) => state.change)
  const theme = resolveTheme(themeForSave(draftTheme))
  const customised =
    Object.keys(draftTheme.fonts).length + Object.keys(draftTheme.colors).length > 0

  // Every font of the list, so each theme and each choice previews in its own letters.
  useEffect(() => void loadFonts(fontFamilies), [])

  return (
    <div className="space-y-8">
      <fieldset>
        <legend className="field-label">{t('theme.themes')}</legend>
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
          {themeNames.map((name) => (
            <ThemeCard
              key={name}
              theme={themes[name]}
              checked={draftTheme.name === name}
              onChoose={() => change((draft) => setThemeName(draft, name))}
            />
          ))}
        </div>
        {customised && (
          <button
            type="button"
            className="btn btn-secondary mt-3 min-h-9 px-3 text-sm"
            onClick={() => change((draft) => resetThemeChoices(draft))}
          >
            {t('theme.reset', { theme: t(`theme.names.${draftTheme.name}`) })}
          </button>
        )}
      </fieldset>

      <fieldset>
        <legend className="field-label">{t('theme.fonts')}</legend>
        <p className="-mt-1 mb-3 text-sm text-muted">{t('theme.fontsHint')}</p>
        <div className="space-y-3">
          {fontRoles.map((role) => (
            <FontChoice
              key={role}
              label={t(`theme.fontRoles.${role}`)}
              value={theme.fonts[role]}
              onChange={(family) => change((draft) => setFont(draft, role, family))}
            />
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="field-label">{t('theme.colors')}</legend>
        <div className="mt-1 space-y-3">
          {colorRoles.map((role) => (
            <ColorChoice
              key={role}
              label={t(`theme.colorRoles.${role}`)}
              value={theme.colors[role]}
              onChange={(colour) => change((draft) => setColor(draft, role, colour))}
            />
          ))}
        </div>
        <ContrastReport theme={theme} />
      </fieldset>
    </div>
  )
}

function ThemeCard({
  theme,
  checked,
  onChoose,
}: {
  theme: SiteTheme
  checked: boolean
  onChoose(): void
}) {
  const { t } = useTranslation('website')
  const style = themeVariables(theme) as CSSProperties
  return (
    <label
      className={`relative block cursor-pointer overflow-hidden rounded-xl border-2 focus-within:ring-2 focus-within:ring-brand-400 ${
        checked ? 'border-brand-600' : 'border-line hover:border-brand-300'
      }`}
    >
      <input
        type="radio"
        name="site-theme"
        className="sr-only"
        checked={checked}
        onChange={onChoose}
      />
      <span
        aria-hidden="true"
        style={{ ...style, background: theme.colors.background, color: theme.colors.text }}
        className="block px-3 pb-3 pt-4 text-center"
      >
        <span
          className="block text-2xl leading-tight"
          style={{ fontFamily: 'var(--site-font-names)' }}
        >
          Ñiña &amp; José
        </span>
        <span
          className="mt-1 block text-[0.7rem] uppercase tracking-[0.2em]"
          style={{ fontFamily: 'var(--site-font-body)' }}
        >
          12 · 12 · 2027
        </span>
        <span className="mt-2 flex justify-center gap-1">
          {colorRoles.map((role) => (
            <span
              key={role}
              className="size-3 rounded-full ring-1 ring-black/10"
              style={{ background: theme.colors[role] }}
            />
          ))}
        </span>
      </span>
      <span className="flex items-center justify-between gap-2 border-t border-line bg-white px-3 py-2 text-sm font-semibold">
        {t(`theme.names.${theme.name}`)}
        {checked && <Check aria-hidden="true" className="size-4 text-brand-700" />}
      </span>
    </label>
  )
}

function FontChoice({
  label,
  value,
  onChange,
}: {
  label: string
  value: FontFamily
  onChange(family: FontFamily): void
}) {
  const id = useId()
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <select
          id={id}
          className="field-input"
          value={value}
          onChange={(event) => onChange(event.target.value as FontFamily)}
        >
          {fontFamilies.map((family) => (
            <option key={family} value={family}>
              {family}
            </option>
          ))}
        </select>
      </div>
      <span
        aria-hidden="true"
        className="mb-1 w-24 whitespace-nowrap text-right text-xl"
        style={{ fontFamily: `'${value}'` }}
      >
        Aa Ññ
      </span>
    </div>
  )
}

function ColorChoice({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange(colour: string): void
}) {
  const { t } = useTranslation('website')
  const id = useId()
  const [text, setText] = useState(value)
  const [typing, setTyping] = useState(false)
  const shown = typing ? text : value
  const valid = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(shown)

  return (
    <div className="flex items-center gap-3">
      <input
        type="color"
        aria-label={t('theme.pick', { role: label })}
        value={
          value.length === 4
            ? `#${[...value.slice(1)].map((digit) => digit + digit).join('')}`
            : value
        }
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-line bg-white p-1"
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={id}
          className="field-input mt-1 font-mono uppercase"
          value={shown}
          maxLength={7}
          spellCheck={false}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : `${id}-error`}
          onFocus={() => {
            setText(value)
            setTyping(true)
          }}
          onBlur={() => setTyping(false)}
          onChange={(event) => {
            setText(event.target.value)
            onChange(event.target.value)
          }}
        />
        {!valid && (
          <p id={`${id}-error`} className="field-error">
            {t('theme.hexOnly')}
          </p>
        )}
      </div>
    </div>
  )
}

/** A warning for each pair of colours a guest would struggle to read (WCAG AA, 4.5:1). */
function ContrastReport({ theme }: { theme: SiteTheme }) {
  const { t } = useTranslation('website')
  const failing = readablePairs.filter(
    ([foreground, background]) => !passesAA(theme.colors[foreground], theme.colors[background]),
  )
  return (
    <div role="status" className="mt-4">
      {failing.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-emerald-800">
          <Check aria-hidden="true" className="size-4" />
          {t('theme.contrastOk')}
        </p>
      ) : (
        <ul className="space-y-2">
          {failing.map(([foreground, background]) => (
            <li
              key={`${foreground}-${background}`}
              className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {t('theme.contrastLow', {
                  foreground: t(`theme.colorRoles.${foreground}`),
                  background: t(`theme.colorRoles.${background}`),
                  ratio: (
                    contrastRatio(theme.colors[foreground], theme.colors[background]) ?? 1
                  ).toFixed(1),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
