import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { Button } from '@/components/ui/button';
import { CARDS_NOT_YET } from '../cards';
import { AddCardDialog } from './add-card-dialog';

/** The dialog behind its 'New Payment Method' button, opened, with the toaster the app has. */
function openDialog() {
  render(
    <>
      <AddCardDialog trigger={<Button>New Payment Method</Button>} />
      <Toaster />
    </>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'New Payment Method' }));
  return screen.getByRole('dialog', { name: 'Add New Card' });
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillIn() {
  type('Card Number', '4111111111111111');
  type('Card Holder Name', 'Alex Morgan');
  type('MM/YY', '1229');
  type('CVV', '123');
}

describe('Add New Card', () => {
  it('opens from its trigger with every field, empty, and says nothing is stored', () => {
    const dialog = openDialog();
    for (const label of ['Card Number', 'Card Holder Name', 'MM/YY', 'CVV']) expect(within(dialog).getByLabelText(label)).toHaveValue('');
    expect(within(dialog).getByRole('checkbox', { name: 'Set as Primary Payment Method' })).not.toBeChecked();
    expect(dialog).toHaveAccessibleDescription('Saving cards is not available yet: nothing you enter here is stored.');
  });

  it('formats the card number in fours as it is typed and shows its brand', () => {
    openDialog();
    expect(screen.getByRole('img', { name: 'Card' })).toBeInTheDocument();

    type('Card Number', '4111-1111 1111 1111 99');
    expect(screen.getByLabelText('Card Number')).toHaveValue('4111 1111 1111 1111');
    expect(screen.getByRole('img', { name: 'Visa' })).toBeInTheDocument();

    type('Card Number', '5500000000000004');
    expect(screen.getByLabelText('Card Number')).toHaveValue('5500 0000 0000 0004');
    expect(screen.getByRole('img', { name: 'Mastercard' })).toBeInTheDocument();

    type('Card Number', '371449635398431');
    expect(screen.getByRole('img', { name: 'American Express' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Visa' })).not.toBeInTheDocument();
  });

  it('formats the expiry as MM/YY and keeps the CVV to four digits', () => {
    openDialog();
    type('MM/YY', '1225');
    expect(screen.getByLabelText('MM/YY')).toHaveValue('12/25');
    type('CVV', '12a345');
    expect(screen.getByLabelText('CVV')).toHaveValue('1234');
  });

  it('keeps Add disabled until all four text fields are filled; the checkbox is optional', () => {
    openDialog();
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    type('Card Number', '4111111111111111');
    type('Card Holder Name', 'Alex Morgan');
    type('MM/YY', '1229');
    expect(add).toBeDisabled();
    type('CVV', '123');
    expect(add).toBeEnabled();
    type('Card Holder Name', '   ');
    expect(add).toBeDisabled();
  });

  it('on Add closes, says cards cannot be saved yet, and forgets what was typed', async () => {
    openDialog();
    fillIn();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set as Primary Payment Method' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(CARDS_NOT_YET)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'New Payment Method' }));
    expect(screen.getByLabelText('Card Number')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Set as Primary Payment Method' })).not.toBeChecked();
  });

  it('does nothing on Enter while a field is still empty', () => {
    openDialog();
    type('Card Number', '4111111111111111');
    fireEvent.submit(screen.getByLabelText('Card Number').closest('form')!);
    expect(screen.getByRole('dialog', { name: 'Add New Card' })).toBeInTheDocument();
    expect(screen.queryByText(CARDS_NOT_YET)).not.toBeInTheDocument();
  });
});
