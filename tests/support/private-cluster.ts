import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own, on a free port, that the test may stop and start
 * at will without touching the shared server. Built with the installed server binaries
 * (PG_BIN, else the newest /usr/lib/postgresql/<version>/bin); run as the `postgres` user
 * when we are root, since PostgreSQL refuses to run as root.
 */
export function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export class PrivateCluster {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir() {
    return path.join(this.dir, 'data');
  }

  /** initdb into a new temporary folder and start it. */
  static async create(bin: string): Promise<PrivateCluster> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-pg-'));
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    const cluster = new PrivateCluster(bin, dir, await freePort());
    await cluster.pg('initdb', [
      '-D',
      cluster.dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    await cluster.start();
    return cluster;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    // fsync off for speed: a commit still reaches the operating system before it is
    // acknowledged, so stopping the server process (not the machine) loses nothing.
    const options = [
      `-p ${this.port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${this.dir}`,
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c max_connections=50',
    ].join(' ');
    await this.pg('pg_ctl', [
      'start',
      '-w',
      '-t',
      '60',
      '-D',
      this.dataDir,
      '-l',
      this.logFile,
      '-o',
      options,
    ]);
  }

  /** Stops the server: `immediate` is a crash (no shutdown checkpoint, connections cut). */
  async stop(mode: 'fast' | 'immediate' = 'immediate'): Promise<void> {
    await this.pg('pg_ctl', ['stop', '-w', '-t', '60', '-D', this.dataDir, '-m', mode]);
  }

  /** Stops the server if it runs, and removes its files. */
  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The server's log, for a failure message. */
  log(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  private get logFile() {
    return path.join(this.dir, 'server.log');
  }

  private async pg(tool: string, args: string[]) {
    const file = path.join(this.bin, tool);
    const asRoot = process.getuid?.() === 0;
    await run(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, {
      cwd: this.dir,
      timeout: 120_000,
    });
  }
}

/**
 * A free port below the ephemeral range: the cluster is started again on it after a stop,
 * and a port the kernel hands out could meanwhile be taken by an outgoing connection.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 15_000 + Math.floor(Math.random() * 15_000);
    if (await canListen(port)) return port;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
