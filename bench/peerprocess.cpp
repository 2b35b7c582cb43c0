#include "peerprocess.h"

#include <cstdlib>
#include <csignal>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

PeerProcess::PeerProcess(int threads, int batch, bool ourMalloc)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0)
        return;
    m_pid = fork();
    if (m_pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[1]);
        close(out[0]);
        const std::string t = std::to_string(threads);
        setenv("OMP_NUM_THREADS", t.c_str(), 1);
        setenv("OPENBLAS_NUM_THREADS", t.c_str(), 1);
        // The values runtime::tuneMemoryAllocator() sets in our processes.
        if (ourMalloc) {
            setenv("MALLOC_MMAP_THRESHOLD_", "33554432", 0);
            setenv("MALLOC_TRIM_THRESHOLD_", "1073741824", 0);
            setenv("MALLOC_TOP_PAD_", "268435456", 0);
        }
        const std::string script = std::string(GATEFOLD_BENCH_DIR) + "/peer_vit.py";
        const std::string b = std::to_string(batch);
        execl("/usr/bin/python3", "python3", script.c_str(), "--serve", "--threads", t.c_str(), "--batch", b.c_str(),
              static_cast<char *>(nullptr));
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    m_toPeer = in[1];
    m_fromPeer = out[0];
    if (m_pid < 0)
        return;
    m_ok = readLine(&m_banner) && m_banner.rfind("ready", 0) == 0;
}

PeerProcess::~PeerProcess()
{
    if (m_toPeer >= 0) {
        const char quit[] = "quit\n";
        (void)!write(m_toPeer, quit, sizeof quit - 1);
        close(m_toPeer);
    }
    if (m_fromPeer >= 0)
        close(m_fromPeer);
    if (m_pid > 0)
        waitpid(m_pid, nullptr, 0);
}

bool PeerProcess::readLine(std::string *line)
{
    for (;;) {
        if (auto nl = m_buffer.find('\n'); nl != std::string::npos) {
            *line = m_buffer.substr(0, nl);
            m_buffer.erase(0, nl + 1);
            return true;
        }
        char chunk[256];
        const ssize_t n = read(m_fromPeer, chunk, sizeof chunk);
        if (n <= 0)
            return false;
        m_buffer.append(chunk, size_t(n));
    }
}

double PeerProcess::stepMs()
{
    if (!m_ok)
        return -1;
    const char step[] = "step\n";
    std::string line;
    if (write(m_toPeer, step, sizeof step - 1) != ssize_t(sizeof step - 1) || !readLine(&line)) {
        m_ok = false;
        return -1;
    }
    return std::atof(line.c_str());
}
