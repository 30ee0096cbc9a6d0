import module from 'node:module';

// The built server's entry (scripts/build.mjs): V8's compile cache first, then the server. On Node 22 the code
// compiled at one start is kept (in the system's temporary folder, checked against each file's content) and read
// back at the next, instead of compiling the bundle again; where the folder cannot be written the start goes on
// without it. Node 20 has no such cache (the function is missing there).
module.enableCompileCache?.();
await import('./server');
