import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IonApp, IonButton } from '@ionic/react';
import { useState, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalContainer } from './modal-container.tsx';

function show(props: Partial<ComponentProps<typeof ModalContainer>> = {}) {
  render(
    <IonApp>
      <ModalContainer isOpen title="Receipt" {...props}>
        <p>What the modal says</p>
      </ModalContainer>
    </IonApp>,
  );
  return screen.findByText('What the modal says');
}

function container(): HTMLElement {
  const found = document.querySelector<HTMLElement>('.modal-container');
  if (!found) throw new Error('no modal container');
  return found;
}

function closeControl(): Element {
  const found = document.querySelector('ion-button.modal-container__close');
  if (!found) throw new Error('no close control');
  return found;
}

describe('ModalContainer', () => {
  it('is centred with normal padding by default, named by its title', async () => {
    await show();
    expect(container().classList).toContain('modal-container--center');
    expect(container().classList).toContain('modal-container--padding-normal');
    expect(screen.getByText('Receipt').tagName).toBe('H2');
    const modal = document.querySelector('ion-modal');
    expect(modal?.getAttribute('aria-label')).toBe('Receipt');
    expect(modal?.getAttribute('role')).toBe('dialog');
    expect(container().querySelector('.modal-container__actions')).toBeNull();
  });

  it.each([
    ['small', 'modal-container--padding-small'],
    ['none', 'modal-container--padding-none'],
  ] as const)('takes %s padding', async (padding, className) => {
    await show({ padding });
    expect(container().classList).toContain(className);
    expect(container().classList).not.toContain('modal-container--padding-normal');
  });

  it('aligns left', async () => {
    await show({ align: 'left' });
    expect(container().classList).toContain('modal-container--left');
    expect(container().classList).not.toContain('modal-container--center');
  });

  it('puts the actions in a bar at the bottom, after the body', async () => {
    await show({ actions: <IonButton>Confirm</IonButton> });
    const bar = container().querySelector('.modal-container__actions');
    expect(bar?.textContent).toBe('Confirm');
    expect(container().lastElementChild).toBe(bar);
    expect(bar?.previousElementSibling?.classList).toContain('modal-container__body');
  });

  it('offers no close control when it must be answered through its actions', async () => {
    await show({ role: 'alertdialog' });
    expect(document.querySelector('.modal-container__close')).toBeNull();
    expect(document.querySelector('ion-modal')?.getAttribute('role')).toBe('alertdialog');
  });

  it('closes with the cross in its header', async () => {
    const onClose = vi.fn();
    await show({ onClose });
    expect(
      closeControl().getAttribute('aria-label') ??
        closeControl().shadowRoot?.querySelector('button')?.getAttribute('aria-label'),
    ).toBe('Close');
    fireEvent.click(closeControl());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with a worded control when given one', async () => {
    const onClose = vi.fn();
    await show({ onClose, closeLabel: 'Skip', title: undefined, label: 'Getting started' });
    fireEvent.click(screen.getByText('Skip'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.modal-container__title')).toBeNull();
    expect(document.querySelector('ion-modal')?.getAttribute('aria-label')).toBe('Getting started');
  });

  it('reports a close the driver made once, and none when its owner closes it', async () => {
    const onClose = vi.fn();
    function Owner() {
      const [open, setOpen] = useState(true);
      return (
        <ModalContainer
          isOpen={open}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
          title="Receipt"
          actions={<IonButton onClick={() => setOpen(false)}>Done</IonButton>}
        >
          <p>Body</p>
        </ModalContainer>
      );
    }
    const { unmount } = render(
      <IonApp>
        <Owner />
      </IonApp>,
    );
    await screen.findByText('Body');
    fireEvent.click(closeControl());
    await waitFor(() =>
      expect(document.querySelector('ion-modal.overlay-hidden .modal-container')).toBeNull(),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();

    onClose.mockClear();
    render(
      <IonApp>
        <Owner />
      </IonApp>,
    );
    fireEvent.click(await screen.findByText('Done'));
    await waitFor(() => expect(screen.queryByText('Body')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with a tap on the backdrop when it may be closed', async () => {
    const onClose = vi.fn();
    await show({ onClose });
    const tapBackdrop = () =>
      act(async () => {
        document
          .querySelector('ion-modal')
          ?.dispatchEvent(new CustomEvent('ionBackdropTap', { bubbles: true }));
        await Promise.resolve();
      });
    await tapBackdrop();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
