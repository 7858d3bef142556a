// The app's one language store: a switch brings the strings in use in the new language before
// anything redraws, a later switch wins over an earlier one, i18next (when management started
// it) follows, and a guest component suspends until its namespace arrives, then follows switches.
import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, test, vi } from 'vitest'
import {
  applyLanguage,
  currentLanguage,
  followLanguage,
  hasStrings,
  initI18n,
  type Language,
} from '@/lib/i18n'
import { useTranslation } from '@/lib/i18n/react'

const drawnFallback = vi.fn()
function Waiting() {
  drawnFallback()
  return <p>waiting</p>
}

function Greeting() {
  const { t, i18n } = useTranslation('rsvp')
  return (
    <p>
      {i18n.language}: {t('page.greeting', { name: 'Bea' })} · {t('page.seatCap', { count: 3 })}
    </p>
  )
}

describe('the language store', () => {
  test('starts in the area’s language with its common strings; a guest component suspends for its own', async () => {
    await initI18n('/wedding/isabel-and-miguel')
    expect(currentLanguage()).toBe('fil')
    expect(document.documentElement.lang).toBe('fil')
    expect(hasStrings('fil', 'common')).toBe(true)
    expect(hasStrings('fil', 'rsvp')).toBe(false)

    render(
      <Suspense fallback={<Waiting />}>
        <Greeting />
      </Suspense>,
    )
    expect(screen.getByText('waiting')).toBeInTheDocument()
    expect(
      await screen.findByText(
        'fil: Kumusta, Bea! · 3 ang upuang nakalaan para sa inyo: hanggang 3 sa inyo ang puwedeng mag-oo.',
      ),
    ).toBeInTheDocument()

    // The switch fetches English rsvp before the component redraws: no fallback in between.
    const followed: Language[] = []
    followLanguage(async (language) => void followed.push(language))
    const before = drawnFallback.mock.calls.length
    await act(() => applyLanguage('en'))
    expect(drawnFallback).toHaveBeenCalledTimes(before)
    expect(
      screen.getByText(
        'en: Hello, Bea! · We reserved 3 seats for you: up to 3 of you can say yes.',
      ),
    ).toBeInTheDocument()
    expect(hasStrings('en', 'common')).toBe(true)
    expect(followed).toEqual(['en'])
    expect(document.documentElement.lang).toBe('en')
  })

  test('two quick taps: the last one wins', async () => {
    await act(async () => {
      const first = applyLanguage('fil')
      const second = applyLanguage('en')
      await Promise.all([first, second])
    })
    expect(currentLanguage()).toBe('en')
    expect(document.documentElement.lang).toBe('en')
  })
})
