/** A drag handle between two panes; reports the pointer's travel so the owner resizes its pane. */
import { useRef } from 'react';

export interface SplitterProps {
  direction: 'row' | 'column';
  label: string;
  onStart: () => void;
  /** Pointer travel since the drag started, CSS px. */
  onResize: (deltaPx: number) => void;
}

export function Splitter({ direction, onStart, onResize, label }: SplitterProps) {
  const start = useRef<number | undefined>(undefined);
  const pos = (e: React.PointerEvent) => (direction === 'row' ? e.clientY : e.clientX);
  return (
    <div
      className={`splitter splitter-${direction}`}
      role="separator"
      aria-label={label}
      aria-orientation={direction === 'row' ? 'horizontal' : 'vertical'}
      onPointerDown={(e) => { start.current = pos(e); onStart(); e.currentTarget.setPointerCapture(e.pointerId); }}
      onPointerMove={(e) => { if (start.current !== undefined) onResize(pos(e) - start.current); }}
      onPointerUp={() => { start.current = undefined; }}
    />
  );
}
