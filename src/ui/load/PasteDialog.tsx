/**
 * "Paste log text": for an excerpt copied from an issue or a chat. The text is parsed like a file. Opened by the
 * start page's button or by pasting on the page (Ctrl+V), which brings the clipboard's text along.
 */
import { useState } from 'react';
import { useStoreApi } from '../app/StoreContext.tsx';
import { Modal } from '../shared/Modal.tsx';

export const MAX_PASTE_CHARS = 64 << 20;

export function PasteDialog({ initialText, onClose }: { initialText: string; onClose: () => void }) {
  const store = useStoreApi();
  const [text, setText] = useState(initialText);
  const tooLong = text.length > MAX_PASTE_CHARS;
  return (
    <Modal title="Paste log text" onClose={onClose}>
      <p className="muted">kubelet log lines in any format (klog, JSON, journalctl output); prose around them is ignored.</p>
      <textarea
        className="paste-area"
        wrap="off"
        autoFocus
        spellCheck={false}
        value={text}
        placeholder={'I0919 11:11:20.322601  190330 kubelet.go:2130] "SyncLoop DELETE" source="api" pods=[default/web-0]'}
        onChange={(e) => setText(e.target.value)}
      />
      {tooLong && <p className="error-text">That is more than 64 MB of text; save it to a file and drop the file instead.</p>}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>Cancel</button>
        <button
          type="button"
          className="primary"
          disabled={!text.trim() || tooLong}
          onClick={() => { onClose(); void store.getState().loadText('pasted text', text); }}
        >
          Analyze
        </button>
      </div>
    </Modal>
  );
}
