/**
 * Prepares the share (prepare-share.ts) and encodes its link whenever the dialog's options change, a moment after
 * the last change (typing a pattern does not re-run the sanitizer per keystroke). Sanitizing runs on the page's
 * thread: on a very large log it takes a noticeable moment, which the dialog shows as "preparing".
 */
import { useEffect, useState } from 'react';
import { encodeShareLink } from '../../trace/link.ts';
import { useStoreApi } from '../app/StoreContext.tsx';
import { prepareShare, type PreparedShare, type ShareOptions } from './prepare-share.ts';

export interface SharePreparation {
  busy: boolean;
  prepared: PreparedShare | undefined;
  link: string | undefined;
  error: string | undefined;
}

const SETTLE_MS = 200;

/** The app's own address without a fragment: links open the same build the sender uses. */
export function appBaseUrl(): string {
  return location.href.split('#')[0];
}

export function useSharePreparation(options: ShareOptions): SharePreparation {
  const store = useStoreApi();
  const [result, setResult] = useState<SharePreparation>({ busy: true, prepared: undefined, link: undefined, error: undefined });
  const { lines, sanitize, patternText, uids, wellKnownNamespaces } = options;
  useEffect(() => {
    let cancelled = false;
    setResult((r) => ({ ...r, busy: true }));
    const timer = setTimeout(() => {
      void (async () => {
        try {
          const prepared = prepareShare(store.getState(), { lines, sanitize, patternText, uids, wellKnownNamespaces });
          const link = prepared ? await encodeShareLink(prepared.state, appBaseUrl()) : undefined;
          if (!cancelled) setResult({ busy: false, prepared, link, error: undefined });
        } catch (e) {
          if (!cancelled) setResult({ busy: false, prepared: undefined, link: undefined, error: e instanceof Error ? e.message : String(e) });
        }
      })();
    }, SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [store, lines, sanitize, patternText, uids, wellKnownNamespaces]);
  return result;
}
