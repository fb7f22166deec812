import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureDownloads } from '@/testing/downloads';
import { order, ORDER_NUMBER, ORDER_TOKEN } from '@/testing/orders';
import { renderWithRouter } from '@/testing/render';
import { failure, server } from '@/testing/server';
import { OrderDocuments, orderDocuments } from './order-documents';

const cancelled = order({ invoiceNumber: 'INV-000007', creditNotes: [{ number: 'CN-000002', amount: 20, createdAt: '2026-03-02T10:00:00Z' }] });

describe('An order’s invoice and credit notes', () => {
  it('lists the invoice and each credit note at its place in the order', () => {
    expect(orderDocuments(cancelled)).toEqual([
      { label: 'Invoice INV-000007', path: `/order/${ORDER_NUMBER}/invoice`, filename: 'INV-000007.pdf' },
      { label: 'Credit note CN-000002', path: `/order/${ORDER_NUMBER}/credit-note/1`, filename: 'CN-000002.pdf' },
    ]);
    expect(orderDocuments(order({ invoiceNumber: null, creditNotes: [] }))).toEqual([]);
  });

  it('fetches a document with the order link’s token and saves the PDF the server names', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`*/api/order/${ORDER_NUMBER}/invoice`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse('%PDF-1.7 test', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="INV-000007.pdf"' } });
      }),
    );
    const saved = captureDownloads();
    renderWithRouter(<OrderDocuments order={cancelled} token={ORDER_TOKEN} />);
    fireEvent.click(screen.getByRole('button', { name: 'Invoice INV-000007 (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toEqual([`?token=${encodeURIComponent(ORDER_TOKEN)}`]);
    expect(saved[0].name).toBe('INV-000007.pdf');
    expect(await saved[0].blob.text()).toBe('%PDF-1.7 test');
    expect(screen.getByRole('button', { name: 'Credit note CN-000002 (PDF)' })).toBeEnabled();
  });

  it('says so when the server refuses, and saves nothing', async () => {
    server.use(http.get(`*/api/order/${ORDER_NUMBER}/credit-note/1`, () => failure(404, 'Credit note not found')));
    const saved = captureDownloads();
    renderWithRouter(<OrderDocuments order={cancelled} token={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Credit note CN-000002 (PDF)' }));
    expect(await screen.findByText('Credit note not found')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
