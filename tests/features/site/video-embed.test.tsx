import { render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, test } from 'vitest'
import { VideoEmbed } from '@/features/site/components/video-embed'
import { allowedVideoSrc, sanitizeVideoEmbed } from '@/lib/site-content'
import { setUpI18n } from './render-site'

const iframe = (src: string, extra = '') => `<iframe src="${src}" ${extra}></iframe>`

describe('sanitizeVideoEmbed', () => {
  test.each([
    ['https://www.youtube-nocookie.com/embed/M7lc1UVf-VE'],
    ['https://www.youtube.com/embed/M7lc1UVf-VE?start=30'],
    ['https://youtube.com/embed/M7lc1UVf-VE'],
    ['https://player.vimeo.com/video/76979871'],
    [
      'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fx%2Fvideos%2F1%2F&width=500',
    ],
    ['https://www.tiktok.com/embed/v2/7250000000000000000'],
  ])('keeps the address of a known player: %s', (src) => {
    expect(sanitizeVideoEmbed(iframe(src, 'title="Mines View Park" allowfullscreen'))).toEqual({
      src,
      title: 'Mines View Park',
    })
  })

  test('keeps only the address and the title, whatever else the HTML carries', () => {
    const html =
      '<div onclick="alert(1)"><script>alert(1)</script><iframe src="https://www.youtube.com/embed/abc" onload="alert(1)" srcdoc="<script>alert(1)</script>" allow="camera; microphone" style="position:fixed" title="Video"></iframe></div>'
    expect(sanitizeVideoEmbed(html)).toEqual({
      src: 'https://www.youtube.com/embed/abc',
      title: 'Video',
    })
  })

  test('a bare player address is accepted too', () => {
    expect(sanitizeVideoEmbed('  https://player.vimeo.com/video/123  ')).toEqual({
      src: 'https://player.vimeo.com/video/123',
      title: null,
    })
  })

  test.each([
    ['javascript: URL', iframe('javascript:alert(1)')],
    ['javascript: URL hidden by entities', iframe('java&#x09;script:alert(1)')],
    ['data: URL', iframe('data:text/html,<script>alert(1)</script>')],
    ['plain http', iframe('http://www.youtube.com/embed/abc')],
    ['protocol-relative', iframe('//www.youtube.com/embed/abc')],
    ['relative path', iframe('/embed/abc')],
    ['unknown host', iframe('https://evil.example/embed/abc')],
    ['lookalike host', iframe('https://www.youtube.com.evil.example/embed/abc')],
    ['host as user name', iframe('https://www.youtube.com@evil.example/embed/abc')],
    ['credentials', iframe('https://user:pass@www.youtube.com/embed/abc')],
    ['non-standard port', iframe('https://www.youtube.com:8443/embed/abc')],
    [
      'known host but not a player path',
      iframe('https://www.youtube.com/redirect?q=https://evil.example'),
    ],
    ['path traversal out of /embed', iframe('https://www.youtube.com/embed/../redirect')],
    [
      'facebook page that is not the video plugin',
      iframe('https://www.facebook.com/plugins/page.php'),
    ],
    [
      'host name only in the query',
      iframe('https://evil.example/?u=https://www.youtube.com/embed/abc'),
    ],
    ['script only', '<script>alert(1)</script>'],
    ['img with onerror', '<img src=x onerror=alert(1)>'],
    ['object embed', '<object data="https://www.youtube.com/embed/abc"></object>'],
    ['iframe without src', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['empty', ''],
    ['whitespace', '   '],
    ['bare unknown address', 'https://evil.example/video'],
  ])('rejects %s', (_name, html) => {
    expect(sanitizeVideoEmbed(html)).toBeNull()
  })

  test('rejects what is not text at all, and absurdly long input', () => {
    expect(sanitizeVideoEmbed(null)).toBeNull()
    expect(sanitizeVideoEmbed(undefined)).toBeNull()
    expect(sanitizeVideoEmbed(42 as unknown as string)).toBeNull()
    expect(
      sanitizeVideoEmbed(iframe('https://www.youtube.com/embed/abc') + ' '.repeat(6000)),
    ).toBeNull()
  })

  test('only the first iframe counts', () => {
    expect(
      sanitizeVideoEmbed(
        iframe('https://evil.example/embed/abc') + iframe('https://www.youtube.com/embed/abc'),
      ),
    ).toBeNull()
  })

  test('the fragment is dropped and the title is trimmed and capped', () => {
    expect(allowedVideoSrc('https://www.youtube.com/embed/abc#t=1')).toBe(
      'https://www.youtube.com/embed/abc',
    )
    expect(
      sanitizeVideoEmbed(
        iframe('https://www.youtube.com/embed/abc', `title="  ${'a'.repeat(300)}"`),
      )?.title,
    ).toHaveLength(200)
  })
})

describe('<VideoEmbed>', () => {
  beforeAll(() => setUpI18n('fil'))

  test('draws its own sandboxed, lazy iframe with the allowed address only', () => {
    const { container } = render(
      <VideoEmbed
        html={
          '<iframe src="https://www.youtube-nocookie.com/embed/M7lc1UVf-VE" onload="alert(1)" srcdoc="x"></iframe>'
        }
        fallbackTitle="Mines View Park"
      />,
    )
    const frame = screen.getByTitle('Video: Mines View Park')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE')
    expect(frame).toHaveAttribute('loading', 'lazy')
    expect(frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-presentation allow-popups',
    )
    expect(frame).not.toHaveAttribute('onload')
    expect(frame).not.toHaveAttribute('srcdoc')
    expect(container.querySelectorAll('iframe')).toHaveLength(1)
  })

  test('draws nothing at all for a hostile embed', () => {
    const { container } = render(
      <VideoEmbed
        html={'<iframe src="javascript:alert(1)"></iframe><script>alert(1)</script>'}
        fallbackTitle="X"
      />,
    )
    expect(container).toBeEmptyDOMElement()
  })
})
