/**
 * The profile screen's reviewed table (see tests/model/oracle.ts for how to read it). Written from
 * spec §2 "Profile screens" and "Dashboard layout" (the top bar's names), §4 "Form field states", §5
 * Profile, Password change, "Submit buttons stay disabled until the form is valid or while saving",
 * §7 (the four account calls), §8 toasts, and issue 15 (failures say why: the two saves, silent in §8,
 * show a message under their form; names typed before a sign-out come back). Each panel is a region
 * of its own, so one panel's request never blocks another's. The state names are the machine's; what
 * happens in each is the spec's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'spec §2 Profile screens, Dashboard layout; §4 Form field states; §5; §7; §8; issue 15',
  delays: {},
  // §2 Profile screens, Avatar: the hint under it and the question before a delete.
  texts: {
    AVATAR_HINT: 'JPG, GIF or PNG. Max size of 800K',
    DELETE_AVATAR_QUESTION: 'Are you sure you want to delete your avatar?',
  },
  states: {
    profile: { type: ['parallel'] },
    // §2 "General information: first name, last name"; §4: a field is checked as it changes and
    // shows its state once left. The inputs stay editable while a save runs.
    'profile.general': {
      'general.change': ['(stays) / changeGeneral'],
      'general.blur': ['(stays) / touchGeneral'],
      // Issue 15: names typed before a sign-out come back, checked and shown like typed ones.
      'general.restore': ['(stays) / restoreGeneral'],
    },
    // §5 "first and last name required"; 'Save all' is disabled until the form is valid and while
    // saving: an invalid submit sends nothing and shows every field's state. A new attempt clears the
    // last failure's message.
    'profile.general.idle': {
      'general.submit': [
        '[generalIsValid] → #profile.general.saving / setGeneralError',
        '(stays) / touchGeneral',
      ],
    },
    // §7 PUT /account/profile.
    'profile.general.saving': {
      invoke: ['saveProfile'],
      // §8 'Profile information updated'; the new names go to the session, so the top bar's user
      // menu (§2 Dashboard layout) shows them at once.
      'done:saveProfile': ['→ #profile.general.idle / tellSession, toast'],
      // §8 "no visible error handling", overruled by issue 15: logged, and the reason shown under
      // the form.
      'error:saveProfile': ['→ #profile.general.idle / reportFailure, setGeneralError'],
    },
    // §2 "Password information: current, new, confirm"; §4 as above.
    'profile.password': {
      'password.change': ['(stays) / changePassword'],
      'password.blur': ['(stays) / touchPassword'],
    },
    // §5 "current required; new required, minimum 6; confirmation required and equal to new".
    'profile.password.idle': {
      'password.submit': [
        '[passwordIsValid] → #profile.password.saving / setPasswordError',
        '(stays) / touchPassword',
      ],
    },
    // §7 PUT /account/password.
    'profile.password.saving': {
      invoke: ['savePassword'],
      // §8 'Password updated'; the fields empty, so no password stays on the screen.
      'done:savePassword': ['→ #profile.password.idle / clearPasswordForm, toast'],
      // As the names: logged, and the reason (e.g. a wrong current password) under the form.
      'error:savePassword': ['→ #profile.password.idle / reportFailure, setPasswordError'],
    },
    'profile.avatar': {},
    // §2 "Avatar: upload or delete"; "Delete asks 'Are you sure you want to delete your avatar?'".
    'profile.avatar.idle': {
      'avatar.upload': ['→ #profile.avatar.uploading'],
      'avatar.delete': ['→ #profile.avatar.confirmingDelete'],
    },
    // §7 PUT /account/upload/avatar.
    'profile.avatar.uploading': {
      invoke: ['sendAvatar'],
      // §8 'Avatar uploaded successfully!'; the new avatar goes to the session (the top bar).
      'done:sendAvatar': ['→ #profile.avatar.idle / tellSession, toast'],
      // §8 'Avatar upload failed!', with the server's reason (issue 15); logged.
      'error:sendAvatar': ['→ #profile.avatar.idle / reportFailure, toast'],
    },
    // §2 "with Cancel and Delete".
    'profile.avatar.confirmingDelete': {
      'avatar.cancelDelete': ['→ #profile.avatar.idle'],
      'avatar.confirmDelete': ['→ #profile.avatar.deleting'],
    },
    // §7 DELETE /account/upload/avatar.
    'profile.avatar.deleting': {
      invoke: ['removeAvatar'],
      // §8 'Avatar deleted successfully!'; the session is told the avatar is gone.
      'done:removeAvatar': ['→ #profile.avatar.idle / tellSession, toast'],
      // §8 'Could not delete avatar!', with the reason (issue 15); logged.
      'error:removeAvatar': ['→ #profile.avatar.idle / reportFailure, toast'],
    },
  },
});
