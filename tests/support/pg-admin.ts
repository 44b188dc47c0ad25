import pg from 'pg';

/** The same server, database `postgres`: where CREATE and DROP DATABASE are run from. */
export function adminPostgresUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function run(url: string, sql: string) {
  const client = new pg.Client({ connectionString: adminPostgresUrl(url) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates database `name` (optionally as a copy of `template`) and returns its URL. */
export async function createDatabase(url: string, name: string, template?: string): Promise<string> {
  assertName(name);
  if (template) assertName(template);
  await run(url, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  return withDatabase(url, name);
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  assertName(name);
  await run(url, `drop database if exists "${name}" with (force)`);
}

function assertName(name: string) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
}
