import type { IntakeAnswers, PublicIntakeForm } from '@matterhorn/shared';
import { useEffect, useRef, useState } from 'react';
import { getPublicIntakeForm, IntakeRequestError, submitIntakeForm, uploadIntakeFile } from './public-intake-api.ts';
import { PublicIntakeFormView } from './public-intake-form.tsx';

export const PUBLIC_PAGE_TEXT = {
  loading: 'Loading the form…',
  notFoundTitle: 'This form is not available',
  notFound: 'The address may be mistyped, or the firm no longer takes enquiries through this form.',
  closedWhileFilling:
    'The firm stopped taking enquiries through this form while you were filling it in, so your enquiry was not sent. Please contact the firm directly.',
  thanksTitle: 'Thank you',
} as const;

/** The firm's and the form's parts of /intake/:company/:form. */
export function intakeAddressOf(pathname: string): { company: string; form: string } | null {
  const match = /^\/intake\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return { company: decodeURIComponent(match[1]!), form: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

type PageState =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'form'; form: PublicIntakeForm }
  | { kind: 'sent'; form: PublicIntakeForm; thankYouText: string };

/** A heading that takes focus when it appears: the page's state changed where the visitor cannot see. */
function FocusedHeading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2 id="thanks" ref={heading} tabIndex={-1}>
      {children}
    </h2>
  );
}

/**
 * /intake/:company/:form: a firm's published intake form for anyone, without signing in. One
 * submission key per filled form, so a double click or a retry brings in one lead.
 */
export function PublicIntakePage({ pathname }: { pathname: string }) {
  const address = intakeAddressOf(pathname);
  const [state, setState] = useState<PageState>(address ? { kind: 'loading' } : { kind: 'missing', message: PUBLIC_PAGE_TEXT.notFound });
  const submissionKey = useRef(crypto.randomUUID());

  useEffect(() => {
    if (!address) return;
    let isCurrent = true;
    getPublicIntakeForm(address.company, address.form).then(
      (form) => isCurrent && setState({ kind: 'form', form }),
      (failure: unknown) =>
        isCurrent &&
        setState({
          kind: 'missing',
          message: failure instanceof IntakeRequestError && failure.status !== 404 ? failure.message : PUBLIC_PAGE_TEXT.notFound,
        }),
    );
    return () => {
      isCurrent = false;
    };
    // The address is the page's for its whole life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (state.kind === 'form' || state.kind === 'sent') document.title = `${state.form.name} · ${state.form.firmName}`;
  }, [state]);

  if (state.kind === 'loading')
    return (
      <main className="page intake-form" aria-busy="true">
        <p role="status">{PUBLIC_PAGE_TEXT.loading}</p>
      </main>
    );
  if (state.kind === 'missing')
    return (
      <main className="page intake-form">
        <h1>{PUBLIC_PAGE_TEXT.notFoundTitle}</h1>
        <p>{state.message}</p>
      </main>
    );

  const { form } = state;
  const submit = async (answers: IntakeAnswers, website: string) => {
    try {
      const sent = await submitIntakeForm(address!.company, address!.form, { submissionKey: submissionKey.current, answers, website });
      setState({ kind: 'sent', form, thankYouText: sent.thankYouText });
    } catch (failure) {
      // Unpublished or deleted since the page opened: say plainly that nothing was sent.
      if (failure instanceof IntakeRequestError && failure.status === 404)
        setState({ kind: 'missing', message: PUBLIC_PAGE_TEXT.closedWhileFilling });
      else throw failure;
    }
  };
  return (
    <main className="page intake-form">
      <p className="firm-name">{form.firmName}</p>
      <h1>{form.name}</h1>
      {state.kind === 'sent' ? (
        <section aria-labelledby="thanks" className="thanks">
          <FocusedHeading>{PUBLIC_PAGE_TEXT.thanksTitle}</FocusedHeading>
          <p className="multiline">{state.thankYouText}</p>
        </section>
      ) : (
        <>
          {form.introduction && <p className="multiline introduction">{form.introduction}</p>}
          <PublicIntakeFormView
            form={form}
            upload={(fieldKey, file) => uploadIntakeFile(address!.company, address!.form, fieldKey, file)}
            submit={submit}
          />
        </>
      )}
    </main>
  );
}
