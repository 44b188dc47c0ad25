import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { htmlToText, SafeHtml } from './safe-html';

describe('SafeHtml', () => {
  it('drops scripts and event handlers but keeps formatting', () => {
    const { container } = render(
      <MantineProvider>
        <SafeHtml
          html={
            '<p onclick="alert(1)"><b>Closed</b> Monday<script>alert(2)</script><img src=x onerror="alert(3)"></p>'
          }
        />
      </MantineProvider>,
    );
    expect(container.querySelector('b')?.textContent).toBe('Closed');
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('onclick');
    expect(container.innerHTML).not.toContain('onerror');
  });

  it('makes new-tab links safe', () => {
    const { container } = render(
      <MantineProvider>
        <SafeHtml
          html={'<a href="https://example.com" target="_blank">x</a><a href="javascript:alert(1)">y</a>'}
        />
      </MantineProvider>,
    );
    const [first, second] = Array.from(container.querySelectorAll('a'));
    expect(first?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(second?.getAttribute('href')).toBeNull();
  });

  it('gives plain text for titles', () => {
    expect(htmlToText('<p>Hello <i>there</i></p><script>x</script>')).toBe('Hello there');
  });
});
