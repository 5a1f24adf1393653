import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { peopleMessages } from '../../domain/messages/people';
import { authKeys, useSignOut } from '../features/auth/queries';
import { ChangePassword } from '../features/settings/change-password';
import './temporary-password-page.css';

const text = peopleMessages;

/**
 * What a person signed in with a temporary password sees, and all they see: choosing their own
 * ('Cambiar contraseña'), or signing out. The server opens nothing else to them until then, and
 * the app neither syncs nor shows a screen.
 */
export default function TemporaryPasswordPage() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [message, setMessage] = useState('');
  return (
    <main className="temporary-password-page">
      <h1>{text.mustChangeTitle}</h1>
      <p>{text.mustChangeIntro}</p>
      <ChangePassword
        notify={(said) => setMessage(said)}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: authKeys.currentUser })}
      />
      <p role="status">{message}</p>
      <button type="button" className="outline-button" onClick={() => void signOut()}>
        {text.signOut}
      </button>
    </main>
  );
}
