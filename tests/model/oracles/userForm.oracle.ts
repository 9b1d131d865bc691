/**
 * The create and edit user forms' reviewed table (see tests/model/oracle.ts for how to read it).
 * Written from spec §2 "Create and edit user forms" and "/users/{userId}/edit", §4 "Form field
 * states", §5 "Create user" and "Edit user", §7 (GET /users/{userId}, POST /users/create, PUT
 * /users/{userId}), §8 toasts, §9 defaults, and issue 15 (customer-only Shopify fields, a restored
 * draft, an unknown user id, the server's reason after a failure toast). The state names are the
 * machine's; what happens in each is the spec's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'spec §2 Create and edit user forms, §4 Form field states, §5, §7, §8 Toasts, §9; issue 15',
  delays: {},
  states: {
    userForm: {},
    // §2: the edit form receives the user id and shows that user; create starts on the §9 defaults.
    'userForm.starting': {
      always: ['[isEdit] → #userForm.loading', '→ #userForm.editing'],
    },
    // §7 GET /users/{userId}: the loaded user fills the form.
    'userForm.loading': {
      invoke: ['loadUser'],
      'done:loadUser': ['→ #userForm.editing / adoptUser'],
      // Issue 15: a user that cannot be loaded (404: 'User not found') leaves nothing to edit.
      'error:loadUser': ['→ #userForm.loadFailed / setLoadError'],
    },
    'userForm.loadFailed': { type: ['final'] },
    'userForm.editing': {
      // Issue 15: the role decides whether the Shopify fields are required (customers only), so a
      // role change re-checks those already shown.
      'form.change': ['[isRoleChange] (stays) / setValue, recheckShopFields', '(stays) / setValue'],
      // §4 "Form field states (on blur and re-validate on blur)".
      'form.blur': ['(stays) / validateField'],
      // Issue 15: input kept from before a sign-out is put back as if typed and left.
      'form.restore': ['(stays) / restoreDraft'],
      // §2 "Submit is disabled until the form is valid": an invalid form is not sent and every
      // field shows its message (§5).
      'form.submit': ['[formIsValid] → #userForm.saving', '(stays) / validateAll'],
    },
    // §2 "... or while saving": no event is taken until the save is answered (§7 POST or PUT).
    'userForm.saving': {
      invoke: ['saveUser'],
      // §8 'User updated successfully' keeps the edit form, now on the saved user; 'User created
      // successful' ends the create form, back on the users list.
      'done:saveUser': [
        '[isEdit] → #userForm.editing / adoptSaved, toastSaved',
        '→ #userForm.saved / toastSaved, goToUsers',
      ],
      // §8 'Error happened while submitting the form' (create) or 'Failed to update info' (edit),
      // logged; the typed values stay, and a server's field messages go onto their fields.
      'error:saveUser': ['→ #userForm.editing / reportFailure, applyServerErrors, toastFailed'],
    },
    'userForm.saved': { type: ['final'] },
  },
});
