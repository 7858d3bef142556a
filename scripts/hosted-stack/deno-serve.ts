// Runs one Edge Function under Deno as Supabase's edge runtime does: the function's module calls
// Deno.serve(handler) once; here that call listens on loopback, on the port KASALAN_FUNCTION_PORT
// names (0: any free one), and prints `listening <port>` for the stack to read.
// Started by scripts/hosted-stack/functions.ts: `deno run … deno-serve.ts <entry module URL>`.

declare const Deno: {
  args: string[]
  env: { get(name: string): string | undefined }
  serve(
    options: { port: number; hostname: string; onListen(address: { port: number }): void },
    handler: (request: Request) => Response | Promise<Response>,
  ): unknown
}

const serve = Deno.serve.bind(Deno)
const port = Number(Deno.env.get('KASALAN_FUNCTION_PORT') ?? '0')
;(
  Deno as unknown as {
    serve: (handler: (request: Request) => Response | Promise<Response>) => unknown
  }
).serve = (handler) =>
  serve(
    {
      port,
      hostname: '127.0.0.1',
      onListen: (address) => console.log(`listening ${address.port}`),
    },
    handler,
  )

await import(Deno.args[0]!)

export {}
