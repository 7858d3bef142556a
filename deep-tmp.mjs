import { PGlite } from '@electric-sql/pglite'
const db = await PGlite.create()
for (const n of [5000, 20000, 50000]) {
  const s = '['.repeat(n) + '1' + ']'.repeat(n)
  try { const r = await db.query('select jsonb_typeof($1::jsonb) as t', [s]); console.log(n, 'parse ok', r.rows[0]) } catch (e) { console.log(n, 'parse', e.code, e.message) }
  try { const r = await db.query("select jsonb_path_exists($1::jsonb, 'strict $.**{64}') as t", [s]); console.log(n, 'path ok', r.rows[0]) } catch (e) { console.log(n, 'path', e.code, e.message) }
}
