import { ChevronDown } from 'lucide-react'
import type { Section } from '@/lib/api'
import { SectionFrame, type HeadingLevel } from '../components/section-frame'
import { useSectionHeader } from '../components/use-section-header'
import { faqsData, readData } from '@/lib/site-content'
import { SiteImage } from '../components/site-image'

/** Katanungan: questions guests ask, each opening to its answer. */
export function FaqsSection({ section, level }: { section: Section; level: HeadingLevel }) {
  const header = useSectionHeader(section)
  const { faqs, footer } = readData(faqsData, section.data)
  const questions = faqs.filter((faq) => faq.question)
  return (
    <SectionFrame id={section.path} header={header} level={level}>
      {(questions.length > 0 || footer?.description) && (
        <div>
          {questions.length > 0 && (
            <div className="border-t border-(--site-line)">
              {questions.map((faq, index) => {
                return (
                  <details key={`${faq.question}-${index}`} className="site-faq">
                    <summary>
                      <span>{faq.question}</span>
                      <ChevronDown aria-hidden="true" className="size-5" />
                    </summary>
                    {faq.answer && <p className="site-prose pb-5">{faq.answer}</p>}
                    <SiteImage
                      image={faq.image2}
                      alt=""
                      width={425}
                      height={283}
                      loading="lazy"
                      className="mb-5 w-full rounded-(--site-radius)"
                    />
                  </details>
                )
              })}
            </div>
          )}
          {footer?.description && (
            <p className="site-prose mt-8 text-center">{footer.description}</p>
          )}
        </div>
      )}
    </SectionFrame>
  )
}
