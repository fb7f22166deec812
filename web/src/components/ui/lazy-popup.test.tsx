import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, useState, type ReactElement } from 'react';
import { Dialog, DialogContent, DialogTrigger } from './dialog';
import { LazyPopup } from './lazy-popup';

/** What a lazily loaded popup module holds: a dialog around the trigger, open from the start. */
function Popup({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title="Menu">Inside</DialogContent>
    </Dialog>
  );
}

/** A popup whose code arrives when the test releases it. */
function deferredPopup() {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(() => arrived.then(() => ({ Popup })));
  const Lazy = lazy(() => load().then((m) => ({ default: m.Popup })));
  const ui = (
    <LazyPopup load={load} popup="dialog" trigger={(props) => <button type="button" {...props}>Open menu</button>}>
      {(trigger) => <Lazy trigger={trigger} />}
    </LazyPopup>
  );
  return { load, release, ui };
}

describe('LazyPopup', () => {
  it('fetches the code when the pointer reaches the button, without opening anything', () => {
    const { load, ui } = deferredPopup();
    render(ui);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.pointerEnter(button);
    expect(load).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the pressed button, focused, until the code has come, then opens', async () => {
    const { release, ui } = deferredPopup();
    render(ui);
    const button = screen.getByRole('button', { name: 'Open menu' });
    button.focus();
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBe(button);
    expect(button).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => release());
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveTextContent('Inside');
    // Closed, it is an ordinary Radix dialog: its trigger opens it again at once.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const trigger = screen.getByRole('button', { name: 'Open menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });
});
