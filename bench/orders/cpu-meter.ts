import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pgClient from 'pg';

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function processCpuSeconds(pid: number): number {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}

export type CpuMeter = () => Promise<{ server: number; pg: number }>;

/**
 * The CPU used so far by the server process and by the PostgreSQL backends serving the bench
 * database (`postgres`: the server's admin URL and the database's name): on a shared machine,
 * CPU per request compares runs where requests/s cannot. PostgreSQL must run on this machine
 * (it does here); PGlite runs inside the server process.
 */
export function cpuMeter(serverPid: number, postgres?: { adminUrl: string; dbName: string }): CpuMeter {
  const seen = new Map<number, number>();
  return async () => {
    let pg = 0;
    if (postgres) {
      const client = new pgClient.Client({ connectionString: postgres.adminUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1',
          [postgres.dbName],
        );
        for (const { pid } of rows) if (!seen.has(pid)) seen.set(pid, 0);
      } finally {
        await client.end();
      }
      // A backend that has exited keeps the last figure read.
      for (const [pid, last] of seen) seen.set(pid, processCpuSeconds(pid) || last);
      for (const v of seen.values()) pg += v;
    }
    return { server: processCpuSeconds(serverPid), pg };
  };
}
