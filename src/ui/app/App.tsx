/**
 * The page: the landing page until something is loaded, then the incident workspace; or the simulation gallery or a
 * simulation (their own route, with their own address); overlays on top.
 */
import { useEffect } from 'react';
import { HelpOverlay } from '../topbar/HelpOverlay.tsx';
import { NoteEditor } from '../notes/NoteEditor.tsx';
import { ShareDialog } from '../share/ShareDialog.tsx';
import { useShareLinkAddress } from '../share/useShareLinkAddress.ts';
import { DropOverlay, useWindowFileDrop } from '../load/DropOverlay.tsx';
import { Landing } from '../load/Landing.tsx';
import { PasteDialog } from '../load/PasteDialog.tsx';
import { LoadProgress } from '../load/LoadProgress.tsx';
import { Workspace } from '../workspace/Workspace.tsx';
import { Gallery } from '../sim/Gallery.tsx';
import { SimWorkspace } from '../sim/SimWorkspace.tsx';
import { useSimHash } from '../sim/useSimHash.ts';
import { useAppStore, useStoreApi } from './StoreContext.tsx';
import { useResolvedTheme } from './useResolvedTheme.ts';
import { useKeyboard } from './useKeyboard.ts';

export function App() {
  const theme = useResolvedTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme.name;
  }, [theme]);
  const hasTrace = useAppStore((s) => s.loaded !== undefined);
  const simRoute = useAppStore((s) => s.simRoute);
  const presenter = useAppStore((s) => s.simPresenter);
  const paste = useAppStore((s) => s.paste);
  const store = useStoreApi();
  useEffect(() => {
    document.documentElement.dataset.presenter = String(presenter);
  }, [presenter]);
  useSimHash();
  const dragging = useWindowFileDrop();
  useKeyboard();
  useShareLinkAddress();
  return (
    <>
      {simRoute === 'sim' ? <SimWorkspace /> : simRoute === 'gallery' ? <Gallery /> : hasTrace ? <Workspace /> : <Landing />}
      <LoadProgress />
      {dragging && <DropOverlay />}
      <HelpOverlay />
      {paste && <PasteDialog initialText={paste.text} onClose={() => store.getState().closePaste()} />}
      <NoteEditor />
      <ShareDialog />
    </>
  );
}
