import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview, ImportReport } from '../../../domain/imports.schema';
import { contractAnswer } from '../../test/contract';
import { renderRoutes } from '../../test/render';
import { FileUpload, ONE_FILE_MESSAGE, PREVIEW_LABEL, UPLOAD_LABEL } from './file-upload';

/** A stand-in XMLHttpRequest: the test decides when the upload progresses and what it answers. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  /** Answers with `body`, parsed with the contract's schema for the call (../../test/contract). */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(contractAnswer(this.method, this.url, status, body));
    act(() => this.onload?.());
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const report: ImportReport = {
  Kind: 'Customers',
  FileName: 'customers.txt',
  Lines: 5,
  Inserted: 2,
  Updated: 1,
  Unchanged: 0,
  Rejected: [
    { Line: 3, Message: 'Zip Code must be 5 digits', Text: '1003\tCorner Bar\t606\t1' },
    { Line: 6, Message: 'The line has 3 columns; expected 4', Text: '1006\tNo type\t60601' },
  ],
  RejectedCount: 2,
  Notes: [
    "Created customer type 42 as 'Customer Type 42'",
    'Line 9: Company Id 1001 is also on line 4; line 9 is applied',
  ],
};

function renderUploader() {
  const view = renderRoutes(
    [
      {
        path: '/',
        element: (
          <FileUpload title="Customer Import" url="/api/CustomerImport" invalidates={[['customers']]} />
        ),
      },
    ],
    '/',
  );
  const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
  return { ...view, invalidate };
}

const fileInput = () => screen.getByLabelText('Customer Import file') as HTMLInputElement;
const txt = (name: string) => new File(['1001\tBar\t60601\t1\n'], name, { type: 'text/plain' });

async function choose(...files: File[]) {
  fireEvent.change(fileInput(), { target: { files } });
}

describe('file upload', () => {
  it('is idle with the spec label and one file at a time', () => {
    renderUploader();
    expect(screen.getByRole('button', { name: UPLOAD_LABEL })).toBeTruthy();
    expect(fileInput().multiple).toBe(false);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uploads one file with progress, then shows the report and refreshes the lists', async () => {
    const { invalidate } = renderUploader();
    await choose(txt('customers.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/CustomerImport']);
    expect((xhr.body!.get('file') as File).name).toBe('customers.txt');

    xhr.progress(40, 100);
    expect(screen.getByText('Uploading customers.txt: 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect((screen.getByRole('button', { name: UPLOAD_LABEL }) as HTMLButtonElement).disabled).toBe(true);
    xhr.progress(100, 100);
    expect(screen.getByText('Importing customers.txt, please wait...')).toBeTruthy();

    xhr.respond(200, report);
    expect(await screen.findByText('customers.txt: uploaded')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Uploaded' })).toBeTruthy();
    const counts = Object.fromEntries(
      [...document.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(counts).toEqual({ Lines: '5', Inserted: '2', Updated: '1', Unchanged: '0', Rejected: '2' });
    expect(screen.getByText('Zip Code must be 5 digits')).toBeTruthy();
    expect(screen.getByText('The line has 3 columns; expected 4')).toBeTruthy();
    expect(screen.getByText("Created customer type 42 as 'Customer Type 42'")).toBeTruthy();
    expect(screen.getByText('Line 9: Company Id 1001 is also on line 4; line 9 is applied')).toBeTruthy();
    // Each rejected line shows its text beside its number (issue 14).
    const rows = within(screen.getByRole('table', { name: 'Rejected lines' })).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Line', 'Text', 'Message'],
      ['3', '1003\tCorner Bar\t606\t1', 'Zip Code must be 5 digits'],
      ['6', '1006\tNo type\t60601', 'The line has 3 columns; expected 4'],
    ]);
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['customers'] }));
  });

  it('fails with a negative icon and the reason from the server (413, 422)', async () => {
    renderUploader();
    await choose(txt('huge.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(413, { ErrorMessage: 'The file is larger than the 200 MB limit' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('huge.txt: failed');
    expect(alert.textContent).toContain('The file is larger than the 200 MB limit');
    expect(screen.getByRole('img', { name: 'Failed' })).toBeTruthy();

    // A new file replaces the failure.
    await choose(txt('binary.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.respond(422, { ErrorMessage: 'The file has no line that can be imported' });
    expect(await screen.findByText('The file has no line that can be imported')).toBeTruthy();
    expect(screen.getByText('binary.txt: failed')).toBeTruthy();
  });

  it('says so when the connection is lost', async () => {
    renderUploader();
    await choose(txt('customers.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.onerror?.());
    expect((await screen.findByRole('alert')).textContent).toContain('Your request could not be completed');
  });

  it('keeps the last report of each import when leaving the screen and coming back, until the next upload', async () => {
    const { router } = renderRoutes(
      [
        {
          path: '/customers',
          element: <FileUpload title="Customer Import" url="/api/CustomerImport" invalidates={[]} />,
        },
        {
          path: '/items',
          element: <FileUpload title="Item Import" url="/api/ItemImport" invalidates={[]} />,
        },
        { path: '/elsewhere', element: <p>Elsewhere</p> },
      ],
      '/customers',
    );
    await choose(txt('customers.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(200, report);
    expect(await screen.findByText('customers.txt: uploaded')).toBeTruthy();

    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByText('Elsewhere')).toBeTruthy();
    // Another kind's screen has its own (none yet).
    await act(() => router.navigate('/items'));
    expect(screen.getByRole('heading', { name: 'Item Import' })).toBeTruthy();
    expect(screen.queryByText(/: uploaded/)).toBeNull();
    await act(() => router.navigate('/customers'));
    expect(await screen.findByText('customers.txt: uploaded')).toBeTruthy();
    expect(screen.getByText('Zip Code must be 5 digits')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Rejected lines' })).toBeTruthy();

    // The next upload replaces it, even one that fails.
    await choose(txt('second.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(screen.queryByText('customers.txt: uploaded')).toBeNull();
    FakeXhr.sent[1]!.respond(422, { ErrorMessage: 'The file has no lines to import' });
    expect(await screen.findByText('second.txt: failed')).toBeTruthy();
    await act(() => router.navigate('/elsewhere'));
    await act(() => router.navigate('/customers'));
    expect(screen.getByRole('heading', { name: 'Customer Import' })).toBeTruthy();
    expect(screen.queryByText(/: uploaded/)).toBeNull();
    expect(screen.queryByRole('table', { name: 'Rejected lines' })).toBeNull();
  });

  it('refuses two files at once', async () => {
    renderUploader();
    await choose(txt('a.txt'), txt('b.txt'));
    expect((await screen.findByRole('alert')).textContent).toContain(ONE_FILE_MESSAGE);
    expect(FakeXhr.sent).toHaveLength(0);
  });
});

describe('import preview (design.md 7.7)', () => {
  const preview: ImportPreview = {
    ...report,
    Rejected: [],
    RejectedCount: 0,
    Lines: 3,
    Inserted: 1,
    Updated: 1,
    Unchanged: 1,
    Notes: [],
    DryRun: true,
    Changes: [
      {
        Line: 1,
        Key: 'Company Id 1001',
        Action: 'update',
        Fields: [{ Field: 'Name', Before: 'Blue Heron', After: 'Blue Heron Tavern' }],
      },
      {
        Line: 3,
        Key: 'Company Id 1003',
        Action: 'insert',
        Fields: [
          { Field: 'Name', Before: null, After: 'Corner Bar' },
          { Field: 'Zipcode', Before: null, After: 60601 },
        ],
      },
    ],
  };

  it('previews a file without refreshing anything, then applies the same file with Apply', async () => {
    const { invalidate } = renderUploader();
    fireEvent.click(screen.getByRole('button', { name: PREVIEW_LABEL }));
    const file = txt('customers.txt');
    await choose(file);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const dry = FakeXhr.sent[0]!;
    expect([dry.method, dry.url]).toEqual(['POST', '/api/CustomerImport?dryRun=1']);
    dry.progress(100, 100);
    expect(screen.getByText('Previewing customers.txt, please wait...')).toBeTruthy();
    dry.respond(200, preview);

    expect(await screen.findByText('customers.txt: preview')).toBeTruthy();
    expect(screen.getByText('Nothing has been applied yet. This is what Apply would do:')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Changes' })).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Line', 'Key', 'Changes'],
      ['1', 'Company Id 1001update', 'Name: Blue Heron → Blue Heron Tavern'],
      ['3', 'Company Id 1003insert', 'Name: Corner BarZipcode: 60601'],
    ]);
    expect(invalidate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const real = FakeXhr.sent[1]!;
    expect(real.url).toBe('/api/CustomerImport');
    const sent = real.body!.get('file') as File;
    expect([sent.name, await sent.text()]).toEqual(['customers.txt', await file.text()]);
    real.respond(200, {
      ...report,
      Rejected: [],
      RejectedCount: 0,
      Lines: 3,
      Inserted: 1,
      Updated: 1,
      Unchanged: 1,
    });
    expect(await screen.findByText('customers.txt: uploaded')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['customers'] }));
  });

  it('says when only the first changes are listed, and Discard drops the preview', async () => {
    renderUploader();
    fireEvent.click(screen.getByRole('button', { name: PREVIEW_LABEL }));
    await choose(txt('big.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(200, { ...preview, Inserted: 1500, Updated: 700 });
    expect(await screen.findByText('The first 2 of 2,200 changes are listed.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByText('big.txt: preview')).toBeNull();
    expect(FakeXhr.sent).toHaveLength(1);
    // A file dropped or chosen with the spec's button is applied at once, as before.
    await choose(txt('next.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.url).toBe('/api/CustomerImport');
  });
});
