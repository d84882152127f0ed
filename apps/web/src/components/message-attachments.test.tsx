import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PortalMessageAttachment, UploadedPortalAttachment } from '@matterhorn/shared';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render.tsx';
import { AttachmentList, AttachmentPicker } from './message-attachments.tsx';

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

function Picker({ onUpload }: { onUpload: (file: File) => Promise<UploadedPortalAttachment> }) {
  const [attached, setAttached] = useState<UploadedPortalAttachment[]>([]);
  return <AttachmentPicker attached={attached} onAttached={setAttached} onUpload={onUpload} />;
}

const uploaded = (file: File, index: number): UploadedPortalAttachment => ({
  id: `00000000-0000-4000-8000-00000000000${index}`,
  fileName: file.name,
  contentType: file.type,
  sizeBytes: file.size,
});

describe('AttachmentPicker', () => {
  it('uploads each chosen file and lists it with a button to take it off the message', async () => {
    const user = userEvent.setup();
    let count = 0;
    const onUpload = vi.fn((file: File) => Promise.resolve(uploaded(file, ++count)));
    renderAt(<Picker onUpload={onUpload} />);
    expect(fileInput()).toHaveAttribute('accept', expect.stringContaining('.pdf'));
    await user.upload(fileInput(), [
      new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }),
      new File(['png'], 'photo.png', { type: 'image/png' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Attached files' });
    expect(list).toHaveTextContent('letter.pdf (1 KB)');
    expect(list).toHaveTextContent('photo.png');
    await user.click(screen.getByRole('button', { name: 'Remove letter.pdf' }));
    expect(screen.getByRole('list', { name: 'Attached files' })).not.toHaveTextContent('letter.pdf');
  });

  it('refuses a file over 10 MB before sending it, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const onUpload = vi.fn(() => Promise.reject(new Error('An attachment must be a PDF, Word, Excel or JPEG file')));
    renderAt(<Picker onUpload={onUpload} />);
    const big = new File(['x'], 'video.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(fileInput(), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('video.pdf is larger than 10 MB');
    expect(onUpload).not.toHaveBeenCalled();
    await user.upload(fileInput(), new File(['MZ'], 'tool.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An attachment must be a PDF'));
    expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
  });
});

describe('AttachmentList', () => {
  const attachment = (fileName: string, scanStatus: PortalMessageAttachment['scanStatus']): PortalMessageAttachment => ({
    id: fileName,
    fileName,
    contentType: 'application/pdf',
    sizeBytes: 2_500_000,
    scanStatus,
  });

  it('downloads a scanned file and says when one is still being scanned or was quarantined', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn(() => Promise.resolve());
    renderAt(
      <AttachmentList
        attachments={[attachment('deed.pdf', 'available'), attachment('new.pdf', 'scanning'), attachment('bad.pdf', 'quarantined')]}
        onDownload={onDownload}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Download deed.pdf' }));
    expect(onDownload).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'deed.pdf' }));
    expect(screen.queryByRole('button', { name: 'Download new.pdf' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download bad.pdf' })).not.toBeInTheDocument();
    expect(screen.getByText('Being scanned')).toBeInTheDocument();
    expect(screen.getByText('Quarantined')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Attachments' })).toHaveTextContent('2.4 MB');
  });
});
