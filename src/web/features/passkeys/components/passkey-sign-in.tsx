import { Button, Divider } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths, RETURN_TO, safeReturnTo } from '../../../paths';
import { hideLoginToast, showLoginToast } from '../../auth/components/login-toast';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey';
import { passkeyErrorMessage } from '../passkey-errors';

/**
 * @simplewebauthn/browser's browserSupportsWebAuthn(), written out: imported from the package,
 * it made the whole library (13 kB) a static part of the login page. The library is loaded on
 * the tap instead (sign-in-with-passkey.ts).
 */
const browserSupportsWebAuthn = () => typeof globalThis.PublicKeyCredential === 'function';

/** What main.tsx notes when a tap on this button is what woke the page's scripts. */
const WAKE_ACTION = 'passkey';

/**
 * "Sign in with a passkey" under the customer login form (design.md 8.2, decision 069). The
 * server draws it, as nearly every browser has WebAuthn; once the page runs, it goes away where
 * the browser has none. The login page loads its scripts at the first touch (decision 063): a
 * tap on this button before then starts the sign-in as soon as they run.
 */
export function PasskeySignIn() {
  const [supported, setSupported] = useState(true);
  const [search] = useSearchParams();
  const signIn = useSignInWithPasskey();
  const started = useRef(false);

  const start = (woken = false) => {
    if (started.current) return;
    started.current = true;
    signIn.mutate(undefined, {
      onSuccess: (answer) => {
        hideLoginToast();
        const to = safeReturnTo(search.get(RETURN_TO), ['/order'], paths.orderHome);
        // A new page load, so the pages are drawn for the person from the start; a person with
        // several venues picks one first.
        window.location.replace(
          answer.Venues.length > 1 ? `/user/venue?${RETURN_TO}=${encodeURIComponent(to)}` : to,
        );
      },
      onError: (error) => {
        started.current = false;
        // A browser may refuse a prompt that comes long after the tap: then it waits for the next.
        if (woken && (error as Error | null)?.name === 'NotAllowedError') return;
        showLoginToast(passkeyErrorMessage(error, 'signIn'));
      },
    });
  };
  const startRef = useRef(start);
  startRef.current = start;

  useEffect(() => {
    const has = browserSupportsWebAuthn();
    setSupported(has);
    const root = document.documentElement;
    if (root.dataset.wakeAction !== WAKE_ACTION) return;
    delete root.dataset.wakeAction;
    if (has) startRef.current(true);
  }, []);

  if (!supported) return null;
  return (
    <>
      <Divider label="or" labelPosition="center" my="md" />
      <Button
        variant="default"
        fullWidth
        data-wake-action={WAKE_ACTION}
        onClick={() => start()}
        loading={signIn.isPending}
      >
        Sign in with a passkey
      </Button>
    </>
  );
}
