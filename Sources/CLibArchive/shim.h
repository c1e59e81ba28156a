#include <archive.h>
#include <archive_entry.h>
