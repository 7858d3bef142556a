import type { ReactNode } from 'react'
import { useTranslation } from '@/lib/i18n/react'
import type { Section } from '@/lib/api'
import { SectionFrame, type HeadingLevel } from '../components/section-frame'
import { useSectionHeader } from '../components/use-section-header'
import { readData, weddingPartyData, type Entourage, type PartyMember } from '@/lib/site-content'
import { WholeWords } from '@/components/whole-words'

interface Props {
  section: Section
  level: HeadingLevel
}

/** Gabay: the whole entourage, from the officiating priest to the flower girls. */
export function WeddingPartySection({ section, level }: Props) {
  const header = useSectionHeader(section)
  const { entourage } = readData(weddingPartyData, section.data)
  return (
    <SectionFrame id={section.path} header={header} level={level}>
      {entourage && <EntourageList entourage={entourage} />}
    </SectionFrame>
  )
}

const one = (member: PartyMember | undefined) => (member ? [member] : [])

function EntourageList({ entourage }: { entourage: Entourage }) {
  const { t } = useTranslation('site')
  const principal = entourage.principalSponsors
  const secondary = entourage.secondarySponsors
  const bearers = [
    ['ringBearer', one(entourage.ringBearer)],
    ['bibleBearer', one(entourage.bibleBearer)],
    ['coinBearer', one(entourage.coinBearer)],
  ] as const

  return (
    <div className="space-y-12 text-center">
      <Group label={t('party.officiatingPriest')} members={one(entourage.officiatingPriest)} />

      <Pair
        left={<Group label={t('party.parentsOfGroom')} members={entourage.parentsOfGroom} small />}
        right={<Group label={t('party.parentsOfBride')} members={entourage.parentsOfBride} small />}
        show={entourage.parentsOfGroom.length + entourage.parentsOfBride.length > 0}
      />

      {principal && principal.left.length + principal.right.length > 0 && (
        <div>
          <h3 className="site-subheading">{t('party.principalSponsors')}</h3>
          <div className="mt-5 grid grid-cols-2 gap-x-4">
            <Names members={principal.left} />
            <Names members={principal.right} />
          </div>
        </div>
      )}

      {secondary && (
        <div className="space-y-8">
          <h3 className="site-subheading">{t('party.secondarySponsors')}</h3>
          <Pair
            left={<Group label={t('party.bestMan')} members={one(secondary.bestMan)} small />}
            right={
              <Group label={t('party.maidOfHonor')} members={one(secondary.maidOfHonor)} small />
            }
            show={Boolean(secondary.bestMan || secondary.maidOfHonor)}
          />
          <Pair
            left={<Group label={t('party.groomsmen')} members={secondary.groomsmen} small />}
            right={<Group label={t('party.bridesmaids')} members={secondary.bridesmaid} small />}
            show={secondary.groomsmen.length + secondary.bridesmaid.length > 0}
          />
        </div>
      )}

      <Trio
        items={[
          ['candle', entourage.candle],
          ['veil', entourage.veil],
          ['cord', entourage.cord],
        ]}
      />
      <Trio items={bearers} />
      <Group label={t('party.flowerGirls')} members={entourage.flowerGirls} />
    </div>
  )
}

function Names({ members }: { members: readonly PartyMember[] }) {
  return (
    <ul className="space-y-1.5 text-[0.95rem] leading-snug">
      {members.map((member, index) => (
        <li key={`${member.name}-${index}`}>
          <WholeWords text={member.name} />
        </li>
      ))}
    </ul>
  )
}

function Group({
  label,
  members,
  small = false,
}: {
  label: string
  members: readonly PartyMember[]
  small?: boolean
}) {
  if (members.length === 0) return null
  return (
    <div>
      <h3 className={small ? 'site-eyebrow mb-2.5' : 'site-subheading mb-3'}>{label}</h3>
      <Names members={members} />
    </div>
  )
}

function Pair({ left, right, show }: { left: ReactNode; right: ReactNode; show: boolean }) {
  if (!show) return null
  return (
    <div className="grid grid-cols-2 items-start gap-x-4 gap-y-8">
      {left}
      {right}
    </div>
  )
}

function Trio({ items }: { items: ReadonlyArray<readonly [string, readonly PartyMember[]]> }) {
  const { t } = useTranslation('site')
  const groups = items.filter(([, members]) => members.length > 0)
  if (groups.length === 0) return null
  return (
    <div className="flex flex-wrap justify-center gap-x-10 gap-y-8">
      {groups.map(([key, members]) => (
        <Group key={key} label={t(`party.${key}`)} members={members} small />
      ))}
    </div>
  )
}
