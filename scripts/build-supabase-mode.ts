// `tsx scripts/build-supabase-mode.ts <outDir>`: the Supabase-mode build (scripts/lib/supabase-mode.ts).
import { buildSupabaseMode } from './lib/supabase-mode'

const outDir = process.argv[2]
if (!outDir) throw new Error('Usage: tsx scripts/build-supabase-mode.ts <outDir>')
await buildSupabaseMode(outDir)
