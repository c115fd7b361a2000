/** The keyboard and mouse reference, opened with `?`. Generated from the same table the key handler uses. */
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { GESTURES, KEYMAP } from '../app/keymap.ts';
import { Modal } from '../shared/Modal.tsx';

export function HelpOverlay() {
  const store = useStoreApi();
  const open = useAppStore((s) => s.helpOpen);
  if (!open) return null;
  return (
    <Modal title="Keyboard and mouse" onClose={() => store.getState().setHelpOpen(false)} wide>
      <div className="help-columns" data-testid="help-overlay">
        <table className="help-table">
          <tbody>
            {KEYMAP.filter((b) => b.shown).map((b) => (
              <tr key={b.shown}><th><kbd>{b.shown}</kbd></th><td>{b.does}</td></tr>
            ))}
          </tbody>
        </table>
        <table className="help-table">
          <tbody>
            {GESTURES.map(([gesture, does]) => (
              <tr key={gesture}><th>{gesture}</th><td>{does}</td></tr>
            ))}
            <tr><th>Log pane</th><td>click a line to select its event and centre the timeline on it; ↑ ↓ move line by line</td></tr>
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
