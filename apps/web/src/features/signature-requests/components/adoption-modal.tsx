import { AppModal } from '../../../components/app-modal.tsx';
import { SignatureAdoption, type SignatureAdoptionProps } from './signature-adoption.tsx';

/** Adopting a signature, in the app's modal (focus kept inside, returned to the opener on close). */
export function AdoptionModal({ onClose, ...adoption }: SignatureAdoptionProps & { onClose: () => void }) {
  return (
    <AppModal opened onClose={onClose} title="Adopt your signature" size="lg">
      <SignatureAdoption {...adoption} />
    </AppModal>
  );
}
