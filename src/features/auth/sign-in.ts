import { loginResponseSchema, type LoginPayload } from '../../../domain/schemas/auth';
import { apiRequest } from '../../lib/api';
import { saveToken } from '../../lib/session-store';

/** Signs in; an answer without an access token is a failed sign-in (spec §4). */
export async function signIn(payload: LoginPayload): Promise<void> {
  const response = await apiRequest('/api/v1/user/login', { method: 'POST', body: payload, schema: loginResponseSchema });
  saveToken(response.access_token);
}
