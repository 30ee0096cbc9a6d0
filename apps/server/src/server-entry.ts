import module from 'node:module';
import v8 from 'node:v8';

// The built server's entry (scripts/build.mjs): V8's compile cache first, then the server. On Node 22 the code
// compiled at one start is kept (in the system's temporary folder, checked against each file's content) and read
// back at the next, instead of compiling the bundle again; where the folder cannot be written the start goes on
// without it. Node 20 has no such cache (the function is missing there).
module.enableCompileCache?.();
// Node 20's V8 recompiles a WebAssembly function with its optimising compiler once it has run about 1.8 million
// bytes' worth; Node 22's waits for 13 million. With the lower one, PGlite's start (PostgreSQL in WebAssembly)
// sent hundreds of functions it runs only then to the optimiser: a sixth of the start's CPU time and 25 MB of
// memory. Set before PGlite's module is instantiated, which reads it; the functions that stay hot still tier up.
if (process.versions.node.startsWith('20.')) v8.setFlagsFromString('--wasm-tiering-budget=13000000');
// PGlite's module (9 MB of PostgreSQL in WebAssembly) is validated whole at each start, on background threads; a
// start runs a small part of it. Lazily, V8 validates each function when it first compiles it (before it runs),
// and never the rest.
v8.setFlagsFromString('--wasm-lazy-validation');
await import('./server');
