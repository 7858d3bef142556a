// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { resolveSlug, subdomainSlug } from '@/features/site/model/slug'

const defaultSlug = 'isabel-and-miguel'

describe('subdomainSlug', () => {
  test.each([
    ['maria-and-juan.kasalan.ph', 'maria-and-juan'],
    ['maria.kasalan.example.com', 'maria'],
    ['MARIA.Kasalan.PH', 'maria'],
    ['maria.kasalan.ph.', 'maria'],
  ])('a host with more than two parts names a wedding: %s → %s', (host, slug) => {
    expect(subdomainSlug(host)).toBe(slug)
  })

  test.each([
    ['kasalan.ph'],
    ['example.com'],
    ['localhost'],
    ['maria.localhost'],
    ['a.b.localhost'],
    ['127.0.0.1'],
    ['192.168.1.20'],
    ['[::1]'],
    ['::1'],
    ['[2001:db8::1]'],
    ['www.kasalan.ph'],
    [''],
    ['.kasalan.ph'],
    ['maria..ph'],
  ])('%s names no wedding', (host) => {
    expect(subdomainSlug(host)).toBeNull()
  })
})

describe('resolveSlug', () => {
  test('the route segment wins over the subdomain and the default', () => {
    expect(
      resolveSlug({ routeSlug: 'ana-and-ben', hostname: 'maria.kasalan.ph', defaultSlug }),
    ).toBe('ana-and-ben')
    expect(resolveSlug({ routeSlug: 'ana-and-ben', hostname: 'localhost', defaultSlug })).toBe(
      'ana-and-ben',
    )
  })

  test('the route segment is taken exactly as written (slugs are case-sensitive)', () => {
    expect(resolveSlug({ routeSlug: 'Ana-And-Ben', hostname: 'localhost', defaultSlug })).toBe(
      'Ana-And-Ben',
    )
  })

  test('on / the subdomain names the wedding', () => {
    expect(resolveSlug({ routeSlug: undefined, hostname: 'maria.kasalan.ph', defaultSlug })).toBe(
      'maria',
    )
  })

  test('on / without a wedding subdomain, the default site', () => {
    for (const hostname of ['kasalan.ph', 'localhost', '127.0.0.1', 'www.kasalan.ph', '[::1]']) {
      expect(resolveSlug({ routeSlug: undefined, hostname, defaultSlug }), hostname).toBe(
        defaultSlug,
      )
    }
  })

  test('nothing names a wedding when there is no default either: the demo is shown', () => {
    expect(resolveSlug({ routeSlug: null, hostname: 'localhost', defaultSlug: '' })).toBeNull()
    expect(resolveSlug({ routeSlug: '', hostname: 'kasalan.ph', defaultSlug: '  ' })).toBeNull()
  })
})
