// cmark (Debian's libcmark-dev), the CommonMark reference implementation, which renders the
// diary's entries.
#include <cmark.h>
