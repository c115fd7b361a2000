/** The page: the landing page until something is loaded, then the incident workspace; overlays on top. */
import { useEffect } from 'react';
import { HelpOverlay } from '../topbar/HelpOverlay.tsx';
import { NoteEditor } from '../notes/NoteEditor.tsx';
import { ShareDialog } from '../share/ShareDialog.tsx';
import { useShareLinkAddress } from '../share/useShareLinkAddress.ts';
import { DropOverlay, useWindowFileDrop } from '../load/DropOverlay.tsx';
import { Landing } from '../load/Landing.tsx';
import { LoadProgress } from '../load/LoadProgress.tsx';
import { Workspace } from '../workspace/Workspace.tsx';
import { useAppStore } from './StoreContext.tsx';
import { useResolvedTheme } from './useResolvedTheme.ts';
import { useKeyboard } from './useKeyboard.ts';

export function App() {
  const theme = useResolvedTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme.name;
  }, [theme]);
  const hasTrace = useAppStore((s) => s.loaded !== undefined);
  const dragging = useWindowFileDrop();
  useKeyboard();
  useShareLinkAddress();
  return (
    <>
      {hasTrace ? <Workspace /> : <Landing />}
      <LoadProgress />
      {dragging && <DropOverlay />}
      <HelpOverlay />
      <NoteEditor />
      <ShareDialog />
    </>
  );
}
