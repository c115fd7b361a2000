/** A button that opens the file picker (several files allowed); the chosen files are loaded at once. */
import { useRef } from 'react';
import { useStoreApi } from '../app/StoreContext.tsx';

export function FileButton({ className, title, children }: { className?: string; title?: string; children: React.ReactNode }) {
  const store = useStoreApi();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} title={title} onClick={() => input.current?.click()}>{children}</button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          if (files.length) void store.getState().loadFiles(files);
        }}
      />
    </>
  );
}
