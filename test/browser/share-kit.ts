/** Helpers for the sharing tests: make a link through the dialog, find drawn notes, find requests that leak. */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { inject } from 'vitest';

/** Opens the share dialog and waits for its link; returns the link. */
export async function makeLink(page: Page, opts: { sanitize: boolean }): Promise<string> {
  await page.click('[data-testid="share-button"]');
  await page.waitForSelector('[data-testid="share-dialog"]');
  const toggle = page.locator('[data-testid="sanitize-toggle"]');
  if ((await toggle.isChecked()) !== opts.sanitize) await toggle.click();
  await page.waitForSelector('[data-testid="share-link"][data-ready="true"]');
  return page.inputValue('[data-testid="share-link"]');
}

/** Pixels of the overlay canvas in the notes' fill colour (a drawn note). */
export async function notePixels(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="timeline-canvas"]')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - 0xf7) < 6 && Math.abs(data[i + 1] - 0xd7) < 6 && Math.abs(data[i + 2] - 0x74) < 6 && data[i + 3] > 200) n++;
    }
    return n;
  });
}

/** Requests that are not the app's own static files, or that carry any part of the link's payload. */
export function leaks(requests: readonly string[], link: string): string[] {
  const origin = new URL(inject('baseUrl')).origin;
  const payload = link.slice(link.indexOf('p=') + 2);
  const pieces = [payload.slice(0, 32), payload.slice(payload.length / 2, payload.length / 2 + 32), payload.slice(-32)];
  return requests.filter((url) => {
    if (url.startsWith('data:') || url.startsWith('blob:')) return false;
    const u = new URL(url);
    return u.origin !== origin || u.hash !== '' || u.search !== '' || pieces.some((p) => url.includes(p)) || !/^\/(|index\.html|assets\/[\w.-]+|incidents\/[\w.-]+)$/.test(u.pathname);
  });
}


/** A request as sent: where, how, with which headers and body (for the "no request carries the data" checks). */
export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** Records every request of every page and worker of a browser context, with its headers and body. */
export function recordRequests(context: BrowserContext): SentRequest[] {
  const out: SentRequest[] = [];
  context.on('request', (r: Request) => {
    out.push({ url: r.url(), method: r.method(), headers: r.headers(), body: r.postDataBuffer()?.toString('latin1') ?? '' });
  });
  return out;
}

/**
 * Requests whose URL (as sent and percent-decoded), headers or body contain one of `needles` or a piece of the link's
 * payload. Each is described as `METHOD url: where`.
 */
export function requestsCarrying(requests: readonly SentRequest[], link: string, needles: readonly string[]): string[] {
  const payload = link.slice(link.indexOf('p=') + 2);
  const pieces = [payload.slice(0, 24), payload.slice(payload.length / 2, payload.length / 2 + 24), payload.slice(-24), ...needles]
    .filter((p) => p.length >= 8);
  const found: string[] = [];
  for (const r of requests) {
    let decodedUrl = r.url;
    try { decodedUrl = decodeURIComponent(r.url); } catch { /* keep the raw URL */ }
    const places: [string, string][] = [['url', r.url], ['decoded url', decodedUrl], ['body', r.body],
      ...Object.entries(r.headers).map(([k, v]): [string, string] => [`header ${k}`, v])];
    for (const [where, text] of places) {
      const hit = pieces.find((p) => text.includes(p));
      if (hit) found.push(`${r.method} ${r.url.slice(0, 120)}: ${where} carries "${hit.slice(0, 40)}"`);
    }
  }
  return found;
}
