import { Link } from 'react-router'
import { paths } from '@/lib/paths'

interface WebsiteSubnavProps {
  /** The half of the Website tab on screen. */
  current: 'design' | 'content'
  /** The navigation's name and its two links' words, in the screen's own namespace. */
  labels: { nav: string; design: string; content: string }
}

/** The Website tab's two halves, the open one filled: the same switch on the design and the content screens. */
export function WebsiteSubnav({ current, labels }: WebsiteSubnavProps) {
  const links = [
    { key: 'design', to: paths.manage.website, label: labels.design },
    { key: 'content', to: paths.manage.content, label: labels.content },
  ] as const
  return (
    <nav aria-label={labels.nav}>
      <ul className="flex rounded-full bg-white p-1 text-sm font-semibold shadow-sm ring-1 ring-line">
        {links.map((link) => (
          <li key={link.key}>
            <Link
              to={link.to}
              aria-current={current === link.key ? 'page' : undefined}
              className={`block rounded-full px-4 py-1.5 ${current === link.key ? 'bg-brand-600 text-white' : 'text-muted hover:text-ink'}`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
