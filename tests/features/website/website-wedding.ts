import type { Wedding } from '@/lib/api'

const types = [
  'home',
  'our-story',
  'schedule',
  'travel',
  'wedding-party',
  'gallery',
  'things-to-do',
  'registry',
  'faqs',
  'rsvp',
] as const
const labels = [
  'Home',
  'Our Story',
  'Schedule',
  'Travel',
  'Wedding Party',
  'Gallery',
  'Things to Do',
  'Registry',
  'FAQs',
  'RSVP',
]
const titles = [
  'Maria & Juan',
  'Ang Aming Kuwento',
  'Pagtitipon',
  'Tuluyan',
  'Gabay',
  'Larawan',
  'Pasyalan at Kainan',
  'Handog',
  'Katanungan',
  'RSVP',
]

/** A new couple's wedding as get_my_wedding returns it: the ten default sections. */
export function websiteWedding(overrides: Partial<Wedding> = {}): Wedding {
  const id = '00000000-0000-4000-8000-0000000000aa'
  return {
    id,
    userId: '00000000-0000-4000-8000-0000000000bb',
    slug: 'maria-and-juan',
    title: 'Maria & Juan',
    bride: { firstName: 'Maria', lastName: 'Reyes' },
    groom: { firstName: 'Juan', lastName: 'Cruz' },
    date: '2027-02-14',
    theme: { name: 'classic' },
    isPublished: false,
    rsvpDeadline: null,
    rsvpQuestions: [],
    contact: {},
    location: { venue: '', city: '', country: 'Philippines' },
    hashtag: '',
    siteLanguage: 'fil',
    sections: types.map((type, index) => ({
      id: `00000000-0000-4000-8000-00000000000${index}`,
      weddingId: id,
      type,
      label: labels[index]!,
      title: titles[index]!,
      path: type,
      visible: type !== 'our-story' && type !== 'gallery',
      data: {},
      orderIndex: index,
    })),
    ...overrides,
  }
}
