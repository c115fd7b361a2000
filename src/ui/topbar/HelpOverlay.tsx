/** The keyboard and mouse reference, opened with `?`. Generated from the same table the key handler uses. */
import { useAppStore, useStoreApi } from '../app/StoreContext.tsx';
import { GESTURES, KEYMAP, type KeyBinding } from '../app/keymap.ts';
import { Modal } from '../shared/Modal.tsx';
import { SIM_KEYMAP } from '../sim/sim-keymap.ts';

/** Whether the simulation view takes this incident binding's key over (same key, same Ctrl). */
const takenInSimulation = (b: KeyBinding) =>
  SIM_KEYMAP.some((sim) => !!sim.ctrl === !!b.ctrl && sim.keys.some((k) => b.keys.includes(k)));

export function HelpOverlay() {
  const store = useStoreApi();
  const open = useAppStore((s) => s.helpOpen);
  const simulating = useAppStore((s) => s.simRoute === 'sim');
  if (!open) return null;
  return (
    <Modal title="Keyboard and mouse" onClose={() => store.getState().setHelpOpen(false)} wide>
      <div className="help-columns" data-testid="help-overlay">
        {simulating && (
          <table className="help-table help-sim" data-testid="help-sim">
            <caption>Simulation</caption>
            <tbody>
              {SIM_KEYMAP.filter((b) => b.shown).map((b) => (
                <tr key={b.shown}><th><kbd>{b.shown}</kbd></th><td>{b.does}</td></tr>
              ))}
            </tbody>
          </table>
        )}
        <table className="help-table">
          <tbody>
            {KEYMAP.filter((b) => b.shown && !(simulating && takenInSimulation(b))).map((b) => (
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
