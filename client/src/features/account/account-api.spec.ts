import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError, type Api } from '../../api/http';
import { fetchMe } from './account-api';

const failing = (error: Error): Api => ({ get: () => Promise.reject(error), send: () => Promise.reject(error) });

describe('fetchMe', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("logs a failed user lookup as 'Couldn't fetch user' (spec section 8) and rethrows", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new ApiError(500, [{ code: 'INTERNAL_ERROR', message: 'boom' }]);
    await expect(fetchMe(failing(error))).rejects.toBe(error);
    expect(log).toHaveBeenCalledWith("Couldn't fetch user", error);
  });

  it('does not log a visitor (401): that is the normal signed-out answer', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(fetchMe(failing(new ApiError(401, [{ code: 'AUTH_REQUIRED', message: 'x' }])))).rejects.toBeInstanceOf(ApiError);
    expect(log).not.toHaveBeenCalled();
  });
});
