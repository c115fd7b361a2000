/**
 * Files can be dropped anywhere on the page, on the landing page or over an open incident (a second drop replaces
 * the first). While files are dragged over the window a full-page hint shows where they will go.
 */
import { useEffect, useState } from 'react';
import { useStoreApi } from '../app/StoreContext.tsx';

function hasFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer?.types ?? []).includes('Files');
}

export function useWindowFileDrop(): boolean {
  const store = useStoreApi();
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length) void store.getState().loadFiles(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [store]);
  return dragging;
}

export function DropOverlay() {
  const replacing = useStoreApi().getState().loaded !== undefined;
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-overlay-box">
        <strong>Drop to open</strong>
        <span>{replacing ? 'The dropped files replace the current incident.' : 'One or more kubelet logs (.log, .txt, .gz).'}</span>
      </div>
    </div>
  );
}
