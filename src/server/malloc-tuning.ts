/**
 * glibc's allocator keeps memory a thread freed for that thread's next allocations. PGlite's SQL
 * parser is one 100 KB WebAssembly function that V8 recompiles with its optimizing compiler once
 * queries make it hot: that takes ~600 MB of compiler memory for a few seconds, and by default
 * glibc kept ~80 MB of it resident for the life of the process. A fixed trim threshold hands
 * freed memory back to the system instead (bench/README.md, memory).
 *
 * The allocator reads its settings when the process starts, so the server starts itself again in
 * place (same PID, arguments and Node flags) with GLIBC_TUNABLES set. An operator's own
 * GLIBC_TUNABLES (even empty) is left alone; other systems (musl, macOS, Windows) run as they are.
 */
export const MALLOC_TUNABLES = 'glibc.malloc.trim_threshold=65536';

export function restartWithMallocTuning(): void {
  if (process.platform !== 'linux' || process.env.GLIBC_TUNABLES !== undefined) return;
  if (typeof process.execve !== 'function') return; // Node < 22.15
  const header = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header;
  if (!header?.glibcVersionRuntime) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    GLIBC_TUNABLES: MALLOC_TUNABLES,
  });
}
